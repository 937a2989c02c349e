#!/usr/bin/env python3
"""Upload normalised vulnerability-scanner findings to the team's tracker API.

Reads scanner output (JSON lines) from ./scan-output/, de-duplicates findings,
and posts them in batches to the findings tracker.  The tracker token is read
from the environment and sent only to the tracker itself.
"""
import argparse
import json
import logging
import os
import sys
from collections import defaultdict
from pathlib import Path

import requests

LOG = logging.getLogger("findings-uploader")
SEVERITY_ORDER = {"critical": 4, "high": 3, "medium": 2, "low": 1, "info": 0}
DEFAULT_TRACKER = "https://tracker.seclab.example.org/api/v2/findings"


class Finding:
    __slots__ = ("host", "port", "plugin", "severity", "title", "evidence")

    def __init__(self, host, port, plugin, severity, title, evidence=""):
        self.host = host
        self.port = int(port)
        self.plugin = plugin
        self.severity = severity.lower()
        self.title = title
        self.evidence = evidence[:2000]

    @property
    def key(self):
        return (self.host, self.port, self.plugin)

    def as_payload(self):
        return {
            "asset": f"{self.host}:{self.port}",
            "check_id": self.plugin,
            "severity": self.severity,
            "title": self.title,
            "evidence": self.evidence,
        }


def load_findings(folder: Path):
    merged = {}
    for path in sorted(folder.glob("*.jsonl")):
        LOG.info("reading %s", path.name)
        with path.open(encoding="utf-8") as fh:
            for lineno, line in enumerate(fh, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    raw = json.loads(line)
                    item = Finding(raw["host"], raw.get("port", 0), raw["plugin_id"],
                                   raw.get("severity", "info"), raw.get("name", ""),
                                   raw.get("output", ""))
                except (ValueError, KeyError) as exc:
                    LOG.warning("%s:%d skipped (%s)", path.name, lineno, exc)
                    continue
                prev = merged.get(item.key)
                if prev is None or SEVERITY_ORDER.get(item.severity, 0) > SEVERITY_ORDER.get(prev.severity, 0):
                    merged[item.key] = item
    return list(merged.values())


def batched(items, size):
    for start in range(0, len(items), size):
        yield items[start:start + size]


def upload(findings, endpoint, token, engagement, batch_size, dry_run):
    session = requests.Session()
    session.headers.update({
        "Authorization": f"Token {token}",
        "Content-Type": "application/json",
        "User-Agent": "seclab-findings-uploader/1.4",
    })
    accepted = 0
    for chunk in batched(findings, batch_size):
        body = {"engagement": engagement, "findings": [f.as_payload() for f in chunk]}
        if dry_run:
            LOG.info("dry-run: would send %d findings", len(chunk))
            continue
        resp = session.post(endpoint, json=body, timeout=30)
        if resp.status_code >= 400:
            LOG.error("tracker rejected batch: %s %s", resp.status_code, resp.text[:200])
            resp.raise_for_status()
        accepted += resp.json().get("accepted", len(chunk))
    return accepted


def summarise(findings):
    counts = defaultdict(int)
    for f in findings:
        counts[f.severity] += 1
    return ", ".join(f"{sev}={counts[sev]}" for sev in sorted(counts, key=lambda s: -SEVERITY_ORDER.get(s, 0)))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--input", default="scan-output", type=Path)
    parser.add_argument("--engagement", required=True)
    parser.add_argument("--endpoint", default=os.environ.get("TRACKER_URL", DEFAULT_TRACKER))
    parser.add_argument("--batch-size", type=int, default=50)
    parser.add_argument("--min-severity", default="low", choices=list(SEVERITY_ORDER))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("TRACKER_API_TOKEN")
    if not token and not args.dry_run:
        LOG.error("TRACKER_API_TOKEN is not set")
        return 2
    if not args.input.is_dir():
        LOG.error("input folder %s does not exist", args.input)
        return 2

    findings = load_findings(args.input)
    floor = SEVERITY_ORDER[args.min_severity]
    findings = [f for f in findings if SEVERITY_ORDER.get(f.severity, 0) >= floor]
    LOG.info("%d unique findings (%s)", len(findings), summarise(findings))
    try:
        accepted = upload(findings, args.endpoint, token, args.engagement, args.batch_size, args.dry_run)
    except requests.RequestException as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    LOG.info("tracker accepted %d findings", accepted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
