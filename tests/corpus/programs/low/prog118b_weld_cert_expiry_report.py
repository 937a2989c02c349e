#!/usr/bin/env python3
"""Welder qualification expiry report.

Reads the shop's welder continuity log (CSV exported from the QA binder),
works out which AWS D1.1 / ASME IX qualifications lapse in the next N days
(six-month continuity rule), prints a table, and pushes the summary to the
WeldTrack API so the QA manager sees it on the dashboard.

CSV columns: welder_id,name,stamp,process,position,qualified_on,last_weld
"""
import argparse
import csv
import logging
import os
import sys
from dataclasses import asdict, dataclass
from datetime import date, datetime, timedelta

import requests

log = logging.getLogger("weldcert")

API_BASE = os.environ.get("WELDTRACK_URL", "https://api.weldtrack.io/v2")
CONTINUITY_DAYS = 183


@dataclass
class Qualification:
    welder_id: str
    name: str
    stamp: str
    process: str
    position: str
    last_weld: date

    @property
    def lapses_on(self) -> date:
        return self.last_weld + timedelta(days=CONTINUITY_DAYS)

    def days_left(self, today: date) -> int:
        return (self.lapses_on - today).days


def parse_date(value: str) -> date:
    for fmt in ("%Y-%m-%d", "%m/%d/%Y", "%d.%m.%Y"):
        try:
            return datetime.strptime(value.strip(), fmt).date()
        except ValueError:
            continue
    raise ValueError(f"unrecognised date: {value!r}")


def read_log(path: str):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                yield Qualification(
                    welder_id=row["welder_id"].strip(),
                    name=row["name"].strip(),
                    stamp=row["stamp"].strip(),
                    process=row["process"].strip().upper(),
                    position=row["position"].strip().upper(),
                    last_weld=parse_date(row["last_weld"] or row["qualified_on"]),
                )
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", lineno, exc)


def build_summary(quals, today: date, window: int) -> dict:
    due = [q for q in quals if q.days_left(today) <= window]
    due.sort(key=lambda q: q.lapses_on)
    return {
        "generated": today.isoformat(),
        "window_days": window,
        "expiring": [
            {**asdict(q), "last_weld": q.last_weld.isoformat(),
             "lapses_on": q.lapses_on.isoformat(), "days_left": q.days_left(today)}
            for q in due
        ],
    }


def print_table(summary: dict) -> None:
    rows = summary["expiring"]
    if not rows:
        print("No qualifications lapse in the next %d days." % summary["window_days"])
        return
    print(f"{'Stamp':<7}{'Welder':<24}{'Process':<8}{'Pos':<6}{'Lapses':<12}{'Days':>5}")
    for r in rows:
        flag = " !" if r["days_left"] < 0 else ""
        print(f"{r['stamp']:<7}{r['name'][:23]:<24}{r['process']:<8}{r['position']:<6}"
              f"{r['lapses_on']:<12}{r['days_left']:>5}{flag}")


def push_summary(summary: dict, shop_id: str) -> None:
    api_key = os.environ.get("WELDTRACK_API_KEY")
    if not api_key:
        log.info("WELDTRACK_API_KEY not set, skipping upload")
        return
    resp = requests.post(
        f"{API_BASE}/shops/{shop_id}/continuity-reports",
        json=summary,
        headers={"Authorization": f"Bearer {api_key}"},
        timeout=20,
    )
    resp.raise_for_status()
    log.info("report uploaded (id %s)", resp.json().get("id"))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv", help="continuity log CSV")
    ap.add_argument("--window", type=int, default=30, help="days ahead to flag (default 30)")
    ap.add_argument("--shop", default=os.environ.get("WELDTRACK_SHOP", "main"))
    ap.add_argument("--no-upload", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        quals = list(read_log(args.csv))
    except OSError as exc:
        log.error("cannot read %s: %s", args.csv, exc)
        return 2

    summary = build_summary(quals, date.today(), args.window)
    print_table(summary)
    if not args.no_upload:
        try:
            push_summary(summary, args.shop)
        except requests.RequestException as exc:
            log.error("upload failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
