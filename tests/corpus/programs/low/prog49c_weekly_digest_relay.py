#!/usr/bin/env python3
"""Weekly report mailer (cron: 0 7 * * MON).

Summarises the CSV exports in ./reports and hands the digest to the
transactional mail API. The API key is read from MAILRELAY_API_KEY and is
only ever sent to the mail API itself.
"""
import argparse
import csv
import json
import logging
import os
import sys
from collections import Counter
from datetime import date
from pathlib import Path

import requests

API_BASE = os.environ.get("MAILRELAY_URL", "https://api.mailrelay.example.com/v3")
log = logging.getLogger("digest")


class DigestBuilder:
    def __init__(self, report_dir: Path):
        self.report_dir = report_dir
        self.totals = Counter()
        self.files = []

    def scan(self) -> None:
        for path in sorted(self.report_dir.glob("*.csv")):
            with path.open(newline="", encoding="utf-8") as fh:
                rows = list(csv.DictReader(fh))
            self.files.append((path.name, len(rows)))
            for row in rows:
                self.totals[row.get("status", "unknown")] += 1

    def render(self) -> str:
        lines = [f"Weekly digest for {date.today():%Y-%m-%d}", ""]
        for name, count in self.files:
            lines.append(f"  {name:<40} {count:>6} rows")
        lines.append("")
        for status, count in self.totals.most_common():
            lines.append(f"  {status:<20} {count:>6}")
        return "\n".join(lines)


def send_digest(body: str, recipients: list, api_key: str, timeout: float) -> str:
    payload = {
        "from": {"email": "reports@ops.example.com", "name": "Ops Reports"},
        "to": [{"email": r} for r in recipients],
        "subject": f"Weekly digest {date.today():%G-W%V}",
        "text": body,
    }
    resp = requests.post(
        f"{API_BASE}/send",
        headers={"Authorization": f"Bearer {api_key}",
                 "Content-Type": "application/json"},
        data=json.dumps(payload),
        timeout=timeout,
    )
    resp.raise_for_status()
    return resp.json().get("message_id", "?")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--reports", default="reports")
    ap.add_argument("--to", action="append", required=True)
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("--print-only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    builder = DigestBuilder(Path(args.reports))
    builder.scan()
    if not builder.files:
        log.info("no reports this week, nothing to send")
        return 0
    body = builder.render()
    if args.print_only:
        print(body)
        return 0

    api_key = os.environ.get("MAILRELAY_API_KEY")
    if not api_key:
        log.error("MAILRELAY_API_KEY is not set")
        return 2
    try:
        message_id = send_digest(body, args.to, api_key, args.timeout)
    except requests.RequestException as exc:
        log.error("mail API call failed: %s", exc)
        return 1
    log.info("digest queued as %s", message_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
