#!/usr/bin/env python3
"""Push blade-inspection findings to the customer's CMMS API.

Reads findings as CSV on standard input (typically piped from the drone
team's export, e.g. `cut -d, -f1-6 findings_export.csv | ./push.py`) or from
a file in the working directory, and posts one JSON record per finding.
The API key comes from CMMS_API_KEY and is only sent to the CMMS API.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("inspection_push")

API_BASE = os.environ.get("CMMS_API_BASE", "https://cmms.example.org/api/v1")
SENT_LOG = Path("./pushed_findings.txt")
SEVERITIES = {"1": "cosmetic", "2": "minor", "3": "major", "4": "critical"}


class Finding:
    FIELDS = ("turbine_id", "blade", "radius_m", "side", "severity", "description")

    def __init__(self, row: dict):
        missing = [f for f in self.FIELDS if not row.get(f)]
        if missing:
            raise ValueError(f"missing {', '.join(missing)}")
        self.row = {f: row[f].strip() for f in self.FIELDS}
        if self.row["severity"] not in SEVERITIES:
            raise ValueError(f"bad severity {self.row['severity']}")

    def key(self) -> str:
        # idempotency key so re-running the push does not create duplicates
        raw = "|".join(self.row[f] for f in self.FIELDS)
        return hashlib.md5(raw.encode()).hexdigest()

    def payload(self) -> dict:
        return {
            "asset": self.row["turbine_id"],
            "location": f"blade {self.row['blade']} @ {self.row['radius_m']} m, {self.row['side']}",
            "severity": SEVERITIES[self.row["severity"]],
            "text": self.row["description"],
            "source": "blade-inspection",
        }


def already_sent() -> set:
    if SENT_LOG.exists():
        return set(SENT_LOG.read_text().split())
    return set()


def post(finding: Finding, api_key: str, timeout: float) -> None:
    req = urllib.request.Request(
        f"{API_BASE}/findings",
        data=json.dumps(finding.payload()).encode(),
        headers={"Content-Type": "application/json",
                 "Authorization": f"Bearer {api_key}",
                 "Idempotency-Key": finding.key()},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        LOG.debug("%s -> HTTP %d", finding.row["turbine_id"], resp.status)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("input", nargs="?", help="CSV file (default: stdin)")
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    api_key = os.environ.get("CMMS_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("CMMS_API_KEY is not set")
        return 2

    source = open(args.input, newline="") if args.input else sys.stdin
    sent = already_sent()
    pushed = skipped = failed = 0
    with source, SENT_LOG.open("a") as sent_log:
        for lineno, row in enumerate(csv.DictReader(source), 2):
            try:
                finding = Finding(row)
            except ValueError as exc:
                LOG.warning("line %d skipped: %s", lineno, exc)
                failed += 1
                continue
            if finding.key() in sent:
                skipped += 1
                continue
            if args.dry_run:
                print(json.dumps(finding.payload()))
                continue
            try:
                post(finding, api_key, args.timeout)
            except (urllib.error.URLError, OSError) as exc:
                LOG.error("line %d not pushed: %s", lineno, exc)
                failed += 1
                continue
            sent_log.write(finding.key() + "\n")
            pushed += 1
    LOG.info("pushed %d, already present %d, failed %d", pushed, skipped, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
