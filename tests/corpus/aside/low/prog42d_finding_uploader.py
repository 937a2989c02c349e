#!/usr/bin/env python3
"""File IAM audit findings as tickets in the internal tracker.

Reads ./audit/findings.json (produced by the nightly IAM audit), de-duplicates
against ./audit/filed.json, and opens one ticket per new finding through the
tracker REST API. The API token comes from TRACKER_API_TOKEN and is only ever
sent to the tracker itself.
"""
import argparse
import json
import logging
import os
import sys
from dataclasses import dataclass, asdict
from pathlib import Path

import requests

LOG = logging.getLogger("finding_uploader")
DEFAULT_TRACKER = "https://tracker.corp.example.com/api/v2"
SEVERITY_PRIORITY = {"critical": "P1", "high": "P2", "medium": "P3", "low": "P4"}


@dataclass
class Finding:
    rule: str
    principal: str
    account: str
    severity: str
    detail: str

    @property
    def fingerprint(self) -> str:
        return f"{self.account}:{self.principal}:{self.rule}"


class TrackerClient:
    def __init__(self, base_url: str, token: str, project: str):
        self.base_url = base_url.rstrip("/")
        self.project = project
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
        })

    def open_issue(self, finding: Finding) -> str:
        payload = {
            "project": self.project,
            "title": f"[IAM] {finding.rule} on {finding.principal} ({finding.account})",
            "priority": SEVERITY_PRIORITY.get(finding.severity, "P4"),
            "labels": ["iam-audit", finding.account],
            "description": finding.detail,
            "metadata": asdict(finding),
        }
        resp = self.session.post(f"{self.base_url}/issues", json=payload, timeout=20)
        resp.raise_for_status()
        return resp.json()["key"]


def load_findings(path: Path) -> list:
    raw = json.loads(path.read_text())
    return [Finding(**item) for item in raw.get("findings", [])]


def load_filed(path: Path) -> dict:
    if path.exists():
        return json.loads(path.read_text())
    return {}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--findings", default="audit/findings.json")
    ap.add_argument("--state", default="audit/filed.json")
    ap.add_argument("--tracker", default=os.environ.get("TRACKER_URL", DEFAULT_TRACKER))
    ap.add_argument("--project", default="CLOUDSEC")
    ap.add_argument("--min-severity", choices=list(SEVERITY_PRIORITY), default="medium")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("TRACKER_API_TOKEN")
    if not token and not args.dry_run:
        LOG.error("TRACKER_API_TOKEN is not set")
        return 2

    order = list(SEVERITY_PRIORITY)
    threshold = order.index(args.min_severity)
    findings = [f for f in load_findings(Path(args.findings))
                if f.severity in order and order.index(f.severity) <= threshold]
    filed = load_filed(Path(args.state))
    client = None if args.dry_run else TrackerClient(args.tracker, token, args.project)

    new = 0
    for finding in findings:
        if finding.fingerprint in filed:
            continue
        if args.dry_run:
            LOG.info("would file: %s", finding.fingerprint)
            continue
        try:
            key = client.open_issue(finding)
        except requests.RequestException as exc:
            LOG.warning("could not file %s: %s", finding.fingerprint, exc)
            continue
        filed[finding.fingerprint] = key
        new += 1
        LOG.info("filed %s as %s", finding.fingerprint, key)

    Path(args.state).write_text(json.dumps(filed, indent=2, sort_keys=True))
    LOG.info("%d new tickets, %d already tracked", new, len(filed) - new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
