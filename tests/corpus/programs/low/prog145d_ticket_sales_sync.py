#!/usr/bin/env python3
"""Sync tonight's ticket sales from the box office system to the venue API.

Fetches the published performance list, totals the local sales export for
each performance and posts the totals to the venue's reporting API, which
feeds the house manager's dashboard.
"""
import argparse
import csv
import json
import logging
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

import requests

log = logging.getLogger("sales_sync")

API_BASE = "https://api.example.com/venue/v1"
TIMEOUT = 15


class VenueAPI:
    def __init__(self, key: str):
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {key}",
            "Accept": "application/json",
        })

    def performances(self, date: str):
        resp = self.session.get(f"{API_BASE}/performances", params={"date": date},
                                timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json()["performances"]

    def post_totals(self, perf_id: str, totals: dict):
        resp = self.session.post(f"{API_BASE}/performances/{perf_id}/sales",
                                 json=totals, timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json()


def read_export(path: Path):
    """Count sold seats per performance and price band from the CSV export."""
    counts = {}
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("status") != "SOLD":
                continue
            perf = row["performance_id"]
            counts.setdefault(perf, Counter())[row.get("band", "A")] += 1
    return counts


def write_summary(summary: dict, dest: Path):
    """Write atomically so the dashboard never reads a half-written file."""
    fd, tmp = tempfile.mkstemp(prefix=".sales_", suffix=".json", dir=dest.parent)
    try:
        with os.fdopen(fd, "w") as fh:
            json.dump(summary, fh, indent=2)
        os.chmod(tmp, 0o600)
        os.replace(tmp, dest)
    except BaseException:
        os.unlink(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", type=Path, help="box office CSV export")
    ap.add_argument("--date", required=True, help="performance date YYYY-MM-DD")
    ap.add_argument("--summary", type=Path, default=Path("sales_summary.json"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("VENUE_API_KEY")
    if not key:
        log.error("VENUE_API_KEY is not set")
        return 2

    api = VenueAPI(key)
    counts = read_export(args.export)
    summary = {}
    try:
        for perf in api.performances(args.date):
            pid = perf["id"]
            bands = dict(counts.get(pid, {}))
            totals = {"sold": sum(bands.values()), "bands": bands}
            summary[pid] = {"title": perf.get("title"), **totals}
            log.info("%s %s: %d sold", pid, perf.get("title"), totals["sold"])
            if not args.dry_run:
                api.post_totals(pid, totals)
    except requests.RequestException as exc:
        log.error("venue API error: %s", exc)
        return 1
    write_summary(summary, args.summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
