#!/usr/bin/env python3
"""Submit monthly volunteer hours to the regional food bank network API.

Reads hour entries (CSV with name,date,hours) from a file or from stdin,
e.g.  `grep 2024-05 timesheet.csv | ./prog215b_volunteer_hours_post.py -`,
totals them per volunteer and posts one JSON summary. The API key comes
from the HOURS_API_KEY environment variable and is only sent to that API.
A receipt is kept in ./receipts, keyed by an MD5 of the payload, so the
same month is not submitted twice.
"""
import argparse
import csv
import hashlib
import io
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

log = logging.getLogger("hours-post")

API_URL = os.environ.get("HOURS_API_URL", "https://api.example.com/v1/hours")
RECEIPTS = Path("receipts")


class HoursSummary:
    def __init__(self, site, month):
        self.site = site
        self.month = month
        self.hours = Counter()

    def add(self, name, hours):
        self.hours[name] += hours

    def payload(self):
        return {
            "site": self.site,
            "month": self.month,
            "volunteers": len(self.hours),
            "total_hours": round(sum(self.hours.values()), 2),
            "entries": [{"name": n, "hours": round(h, 2)} for n, h in sorted(self.hours.items())],
        }


def read_entries(source):
    text = sys.stdin.read() if source == "-" else Path(source).read_text()
    if not text.lstrip().lower().startswith("name,"):
        text = "name,date,hours\n" + text
    for row in csv.DictReader(io.StringIO(text)):
        try:
            yield row["name"].strip(), row["date"].strip(), float(row["hours"])
        except (KeyError, ValueError):
            log.warning("skipping malformed row: %r", row)


def cache_key(payload):
    blob = json.dumps(payload, sort_keys=True).encode()
    return hashlib.md5(blob).hexdigest()


def post(payload, api_key, timeout):
    req = urllib.request.Request(
        API_URL,
        data=json.dumps(payload).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {api_key}"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status, json.loads(resp.read() or b"{}")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("source", help="CSV file or - for stdin")
    ap.add_argument("--site", default=os.environ.get("SITE_ID", "eastside"))
    ap.add_argument("--month", required=True, help="YYYY-MM")
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    summary = HoursSummary(args.site, args.month)
    for name, date, hours in read_entries(args.source):
        if date.startswith(args.month):
            summary.add(name, hours)
    payload = summary.payload()
    log.info("%d volunteers, %.1f hours", payload["volunteers"], payload["total_hours"])

    key = cache_key(payload)
    receipt = RECEIPTS / f"{args.month}_{key}.json"
    if receipt.exists():
        log.info("already submitted (receipt %s)", receipt)
        return 0
    if args.dry_run:
        print(json.dumps(payload, indent=2))
        return 0

    api_key = os.environ.get("HOURS_API_KEY")
    if not api_key:
        log.error("HOURS_API_KEY is not set")
        return 2
    try:
        status, body = post(payload, api_key, args.timeout)
    except (urllib.error.URLError, OSError) as exc:
        log.error("submission failed: %s", exc)
        return 1
    RECEIPTS.mkdir(exist_ok=True)
    receipt.write_text(json.dumps({"status": status, "response": body}, indent=2))
    os.chmod(receipt, 0o600)
    log.info("submitted, status %s; receipt %s", status, receipt)
    return 0


if __name__ == "__main__":
    sys.exit(main())
