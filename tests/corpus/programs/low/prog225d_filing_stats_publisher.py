#!/usr/bin/env python3
"""filing_stats_publisher.py

Summarizes the day's e-filing submissions from the intake export (CSV in
the working directory) and posts the aggregate counts to the state
judicial statistics API. Only counts are sent: filings per case type,
accepted/rejected totals and median review time. The API key comes from
the JUDSTATS_API_KEY environment variable.
"""

import argparse
import csv
import json
import logging
import os
import statistics
import sys
from collections import Counter
from datetime import date
from urllib import request, error

API_URL = "https://judstats.example.org/api/v1/daily-filings"
COURT_ID = "CNTY-042"
LOG = logging.getLogger("stats_publisher")


class FilingSummary:
    def __init__(self, day):
        self.day = day
        self.by_type = Counter()
        self.accepted = 0
        self.rejected = 0
        self.review_minutes = []

    def add(self, row):
        self.by_type[row["case_type"]] += 1
        if row["status"] == "accepted":
            self.accepted += 1
        elif row["status"] == "rejected":
            self.rejected += 1
        try:
            self.review_minutes.append(float(row["review_minutes"]))
        except (KeyError, ValueError):
            pass

    def payload(self):
        return {
            "court_id": COURT_ID,
            "date": self.day,
            "filings_by_case_type": dict(sorted(self.by_type.items())),
            "accepted": self.accepted,
            "rejected": self.rejected,
            "median_review_minutes": (statistics.median(self.review_minutes)
                                      if self.review_minutes else None),
        }


def summarize(path, day):
    summary = FilingSummary(day)
    with open(path, newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            if row.get("submitted_at", "").startswith(day):
                summary.add(row)
    return summary


def publish(payload, api_key, url, timeout):
    req = request.Request(url, data=json.dumps(payload).encode("utf-8"), method="POST",
                          headers={"Content-Type": "application/json",
                                   "Authorization": f"Bearer {api_key}"})
    with request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def parse_args(argv):
    parser = argparse.ArgumentParser(description="publish daily e-filing statistics")
    parser.add_argument("--export", default="./intake_export.csv")
    parser.add_argument("--date", default=date.today().isoformat())
    parser.add_argument("--url", default=API_URL)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--dry-run", action="store_true", help="print payload only")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        summary = summarize(args.export, args.date)
    except (OSError, csv.Error) as exc:
        LOG.error("cannot read intake export: %s", exc)
        return 1
    payload = summary.payload()
    LOG.info("%s: %d filings (%d accepted, %d rejected)", args.date,
             sum(summary.by_type.values()), summary.accepted, summary.rejected)
    if args.dry_run:
        print(json.dumps(payload, indent=2))
        return 0
    api_key = os.environ.get("JUDSTATS_API_KEY")
    if not api_key:
        LOG.error("JUDSTATS_API_KEY is not set")
        return 1
    try:
        status = publish(payload, api_key, args.url, args.timeout)
    except error.URLError as exc:
        LOG.error("publish failed: %s", exc)
        return 1
    LOG.info("published to %s (HTTP %s)", args.url, status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
