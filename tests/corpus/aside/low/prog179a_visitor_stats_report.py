#!/usr/bin/env python3
"""Monthly visitor statistics report.

Reads the ticket-office export, aggregates visits per day and ticket type,
and submits the monthly totals to the regional museums network's reporting
API (needed for the heritage grant).  Individual visitor details never leave
the office: only the aggregate counts are sent.
"""
import argparse
import collections
import csv
import datetime as dt
import json
import logging
import os
import pathlib
import urllib.request

log = logging.getLogger("visitor-stats")

API_URL = os.environ.get("MUSEUMS_API_URL", "https://api.museums-network.example.org/v2/returns")
EXPORT = pathlib.Path(os.environ.get("TICKET_EXPORT", "ticket_sales.csv"))
MUSEUM_ID = os.environ.get("MUSEUM_ID", "WM-0417")


def load_sales(path, month):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            when = dt.date.fromisoformat(row["date"])
            if when.strftime("%Y-%m") == month:
                yield when, row["ticket_type"], int(row.get("quantity", 1))


def aggregate(sales):
    by_type = collections.Counter()
    by_day = collections.Counter()
    for when, ticket_type, qty in sales:
        by_type[ticket_type] += qty
        by_day[when.isoformat()] += qty
    busiest = max(by_day.items(), key=lambda kv: kv[1]) if by_day else (None, 0)
    return {
        "total": sum(by_type.values()),
        "by_ticket_type": dict(sorted(by_type.items())),
        "open_days": len(by_day),
        "busiest_day": {"date": busiest[0], "visitors": busiest[1]},
    }


class ReturnsClient:
    def __init__(self, url, key):
        self.url = url
        self.key = key

    def submit(self, month, totals):
        body = json.dumps({"museum_id": MUSEUM_ID, "period": month, "visits": totals}).encode()
        req = urllib.request.Request(self.url, data=body, method="POST", headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {self.key}",
        })
        with urllib.request.urlopen(req, timeout=20) as resp:
            return json.loads(resp.read() or b"{}")


def previous_month():
    first = dt.date.today().replace(day=1)
    return (first - dt.timedelta(days=1)).strftime("%Y-%m")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--month", default=previous_month(), help="YYYY-MM")
    ap.add_argument("--export", type=pathlib.Path, default=EXPORT)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    totals = aggregate(load_sales(args.export, args.month))
    print(json.dumps(totals, indent=2))
    if args.dry_run:
        return 0
    key = os.environ.get("MUSEUMS_API_KEY")
    if not key:
        log.error("MUSEUMS_API_KEY is not set")
        return 1
    receipt = ReturnsClient(API_URL, key).submit(args.month, totals)
    log.info("submitted %s return, receipt %s", args.month, receipt.get("receipt_id", "?"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
