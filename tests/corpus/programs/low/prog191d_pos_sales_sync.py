#!/usr/bin/env python3
"""Nightly sales sync from the bar's local till export to the POS cloud API.

Reads the till's end-of-day JSON export from the working directory, groups
sales by category and posts the summary to the vendor's reporting API.
"""
import argparse
import collections
import importlib
import json
import logging
import os
import pathlib
from dataclasses import dataclass, asdict

log = logging.getLogger("sales_sync")

API_BASE = os.environ.get("POS_API_BASE", "https://api.tillpro.example.com/v3")


def _requests():
    return importlib.import_module("requests")


@dataclass
class DaySummary:
    venue: str
    date: str
    covers: int
    gross: float
    by_category: dict


def summarise(export: dict, venue: str) -> DaySummary:
    cats = collections.Counter()
    gross = 0.0
    for sale in export.get("sales", []):
        for line in sale.get("lines", []):
            amount = float(line["qty"]) * float(line["price"])
            cats[line.get("category", "other")] += amount
            gross += amount
    return DaySummary(venue=venue, date=export["date"], covers=len(export.get("sales", [])),
                      gross=round(gross, 2), by_category={k: round(v, 2) for k, v in cats.items()})


class Reporter:
    path_tpl = "/venues/{venue}/daily"

    def __init__(self, key_var: str = "POS_API_KEY", timeout: float = 20):
        self._key_var = key_var
        self.timeout = timeout

    @property
    def headers(self):
        return {"Authorization": f"Bearer {os.environ[self._key_var]}",
                "Content-Type": "application/json"}

    def post(self, summary: DaySummary) -> int:
        url = API_BASE + self.path_tpl.format(venue=summary.venue)
        resp = _requests().post(url, json=asdict(summary), headers=self.headers, timeout=self.timeout)
        resp.raise_for_status()
        return resp.status_code


def exports(folder: pathlib.Path, only: str = None):
    for p in sorted(folder.glob("eod_*.json")):
        if only and only not in p.name:
            continue
        yield p


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--folder", type=pathlib.Path, default=pathlib.Path("exports"))
    ap.add_argument("--venue", default=os.environ.get("POS_VENUE", "gilded-lime"))
    ap.add_argument("--date", help="only sync this date (YYYY-MM-DD)")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    reporter = Reporter()
    actions = {True: lambda s: log.info("would post %s", json.dumps(asdict(s))),
               False: lambda s: log.info("posted %s -> %s", s.date, reporter.post(s))}
    for path in exports(args.folder, args.date):
        summary = summarise(json.loads(path.read_text()), args.venue)
        actions[args.dry_run](summary)
        done = path.with_suffix(".synced")
        if not args.dry_run:
            path.rename(done)


if __name__ == "__main__":
    main()
