#!/usr/bin/env python3
"""Sync ELAN (.eaf) transcriptions from a field laptop to the archive API.

Each .eaf under the project folder is parsed for its tiers and annotation
count, and new or changed files are uploaded to the archive's deposit API.
State (file hash -> deposit id) lives in .elan_sync_state.json so reruns only
send what changed.  A run summary is written to elan_sync_report.json in the
working directory for the station log book.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
import platform
import sys
import time
from pathlib import Path

import requests
from defusedxml import ElementTree as ET

log = logging.getLogger("elan-sync")

API_BASE = os.environ.get("ARCHIVE_API", "https://deposit.langarchive.example.org/api/v2")
STATE_FILE = Path(".elan_sync_state.json")
REPORT_FILE = Path("elan_sync_report.json")


def eaf_summary(path: Path) -> dict:
    root = ET.parse(path).getroot()
    tiers = root.findall("TIER")
    return {
        "tiers": [t.get("TIER_ID") for t in tiers],
        "annotations": sum(len(t.findall("ANNOTATION")) for t in tiers),
        "media": [m.get("MEDIA_URL") for m in root.iter("MEDIA_DESCRIPTOR")],
    }


def file_hash(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


class RunReport:
    """Collects a per-run summary for the station log book."""

    def __init__(self):
        self.events: list[dict] = []
        self.started = time.time()

    def add(self, **event):
        self.events.append(event)

    def write(self) -> None:
        body = {
            "started": self.started,
            "finished": time.time(),
            "os": platform.platform(),
            "python": platform.python_version(),
            "events": self.events[-200:],
        }
        REPORT_FILE.write_text(json.dumps(body, indent=1))


def sync(root: Path, session: requests.Session, api_key: str, report: RunReport) -> int:
    state = json.loads(STATE_FILE.read_text()) if STATE_FILE.exists() else {}
    headers = {"Authorization": f"Token {api_key}"}
    failures = 0
    for eaf in sorted(root.rglob("*.eaf")):
        digest = file_hash(eaf)
        rel = str(eaf.relative_to(root))
        if state.get(rel, {}).get("sha256") == digest:
            continue
        try:
            meta = eaf_summary(eaf)
        except ET.ParseError as exc:
            log.warning("skipping unreadable %s: %s", rel, exc)
            report.add(file=rel, status="parse-error", detail=str(exc))
            failures += 1
            continue
        with eaf.open("rb") as fh:
            resp = session.post(f"{API_BASE}/transcriptions", headers=headers,
                                data={"path": rel, "sha256": digest, "meta": json.dumps(meta)},
                                files={"eaf": (eaf.name, fh, "application/xml")}, timeout=60)
        if resp.ok:
            state[rel] = {"sha256": digest, "deposit": resp.json().get("id")}
            report.add(file=rel, status="ok")
            log.info("uploaded %s (%d annotations)", rel, meta["annotations"])
        else:
            failures += 1
            report.add(file=rel, status=resp.status_code, detail=resp.text[:200])
            log.error("upload of %s failed: HTTP %s", rel, resp.status_code)
    STATE_FILE.write_text(json.dumps(state, indent=1))
    return failures


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="sync ELAN transcriptions to the archive")
    ap.add_argument("root", type=Path, nargs="?", default=Path("."))
    ap.add_argument("--no-report", dest="report", action="store_false",
                    help="do not write elan_sync_report.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("ARCHIVE_API_KEY")
    if not api_key:
        log.error("ARCHIVE_API_KEY is not set")
        return 2

    report = RunReport()
    with requests.Session() as session:
        session.headers["User-Agent"] = "elan-sync/1.4"
        try:
            failures = sync(args.root, session, api_key, report)
        except requests.RequestException as exc:
            log.error("archive unreachable: %s", exc)
            report.add(status="unreachable", detail=str(exc))
            failures = -1
    if args.report:
        report.write()
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
