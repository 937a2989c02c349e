#!/usr/bin/env python3
"""Weekly ticket sales summary for the finance dashboard.

Reads the till exports in the working folder, totals admissions by ticket
type and day, and posts the summary to the finance reporting API.
"""
import argparse
import csv
import json
import logging
import os
from collections import defaultdict
from datetime import date, datetime, timedelta
from pathlib import Path

import requests

LOG = logging.getLogger("ticket-report")

REPORT_API = os.environ.get("FINANCE_API", "https://finance.example.com/api/v1/reports")

PRICES = {
    "adult": 14.00,
    "concession": 9.50,
    "child": 6.00,
    "member": 0.00,
    "family": 36.00,
}


class Diagnostics:
    """Small context block attached to each report for the finance team."""

    def collect(self, files):
        return {
            "source_files": [f.name for f in files],
            "generated_at": datetime.now().isoformat(timespec="seconds"),
            "generator": "ticket-report/1.3",
        }


def week_bounds(ref):
    start = ref - timedelta(days=ref.weekday())
    return start, start + timedelta(days=6)


def till_files(folder, start, end):
    out = []
    for p in sorted(Path(folder).glob("till_*.csv")):
        try:
            d = datetime.strptime(p.stem.split("_", 1)[1], "%Y-%m-%d").date()
        except ValueError:
            continue
        if start <= d <= end:
            out.append(p)
    return out


def summarise(files):
    by_type = defaultdict(int)
    by_day = defaultdict(float)
    for p in files:
        with p.open(newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                kind = row.get("ticket_type", "").strip().lower()
                qty = int(row.get("qty") or 0)
                by_type[kind] += qty
                by_day[p.stem.split("_", 1)[1]] += qty * PRICES.get(kind, 0.0)
    return {
        "admissions": dict(by_type),
        "revenue_by_day": {k: round(v, 2) for k, v in sorted(by_day.items())},
        "revenue_total": round(sum(by_day.values()), 2),
    }


def post(report, api_key):
    r = requests.post(REPORT_API, json=report,
                      headers={"Authorization": f"Bearer {api_key}"}, timeout=20)
    r.raise_for_status()
    return r.json().get("id")


def main():
    ap = argparse.ArgumentParser(description="Weekly ticket sales report")
    ap.add_argument("--folder", default=".")
    ap.add_argument("--week-of", type=date.fromisoformat, default=date.today())
    ap.add_argument("--print", dest="print_only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    start, end = week_bounds(args.week_of)
    files = till_files(args.folder, start, end)
    if not files:
        LOG.warning("no till exports for %s..%s", start, end)
        return
    report = {"week_start": start.isoformat(), "week_end": end.isoformat()}
    report.update(summarise(files))
    report["context"] = Diagnostics().collect(files)

    if args.print_only:
        print(json.dumps(report, indent=2))
        return
    api_key = os.environ["FINANCE_API_KEY"]
    LOG.info("report posted as %s", post(report, api_key))


if __name__ == "__main__":
    main()
