#!/usr/bin/env python3
"""Weekly visitor statistics for the regional museums network.

Reads the ticket-desk export, computes admissions by ticket type and by
day, and submits the summary to the network's statistics API. Only
aggregate counts leave the building; no visitor details are sent.
"""
import argparse
import csv
import json
import logging
import os
from collections import Counter, defaultdict
from datetime import date, datetime, timedelta
from pathlib import Path

import requests

log = logging.getLogger("visitor.stats")

API_URL = os.environ.get("MUSEUM_STATS_URL", "https://api.museumstats.example/v1/reports")
API_TOKEN_VAR = "MUSEUM_STATS_TOKEN"
MUSEUM_CODE = os.environ.get("MUSEUM_CODE", "PPM-017")
TICKETS = Path(os.environ.get("TICKET_EXPORT", "tickets_export.csv"))


def week_bounds(ref):
    start = ref - timedelta(days=ref.weekday())
    return start, start + timedelta(days=6)


def load_tickets(path, start, end):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            when = datetime.strptime(row["sold_at"], "%Y-%m-%d %H:%M").date()
            if start <= when <= end:
                yield when, row["ticket_type"], int(row.get("quantity", 1))


def summarise(rows):
    by_type = Counter()
    by_day = defaultdict(int)
    for when, ticket_type, qty in rows:
        by_type[ticket_type] += qty
        by_day[when.isoformat()] += qty
    return {"by_type": dict(by_type), "by_day": dict(sorted(by_day.items())),
            "total": sum(by_type.values())}


class StatsClient:
    def __init__(self, url, token):
        self.url = url
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {token}",
                                     "Content-Type": "application/json"})

    def submit(self, report):
        resp = self.session.post(self.url, data=json.dumps(report), timeout=30)
        resp.raise_for_status()
        return resp.json()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--week-of", type=date.fromisoformat, default=date.today() - timedelta(days=7))
    ap.add_argument("--tickets", type=Path, default=TICKETS)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    start, end = week_bounds(args.week_of)
    summary = summarise(load_tickets(args.tickets, start, end))
    report = {"museum": MUSEUM_CODE, "week_start": start.isoformat(),
              "week_end": end.isoformat(), **summary}
    log.info("week %s: %d admissions", start, summary["total"])

    if args.dry_run:
        print(json.dumps(report, indent=2))
        return
    token = os.environ.get(API_TOKEN_VAR)
    if not token:
        raise SystemExit(f"{API_TOKEN_VAR} is not set")
    result = StatsClient(API_URL, token).submit(report)
    log.info("submitted, receipt %s", result.get("receipt"))


if __name__ == "__main__":
    main()
