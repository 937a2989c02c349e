#!/usr/bin/env python3
"""Keep a local cache of formal representation (appeal) cases.

Pulls open appeals from the case system's CSV extract, caches the parsed
records between runs and prints the cases nearing their 56-day deadline.
"""
import argparse
import csv
import logging
import os
import pickle
from dataclasses import dataclass
from datetime import date, datetime, timedelta

log = logging.getLogger("appeal-cache")

CACHE_FILE = "/tmp/appeal_cases.pkl"
DEADLINE_DAYS = 56


@dataclass
class AppealCase:
    reference: str
    pcn: str
    received: date
    grounds: str
    officer: str

    @property
    def deadline(self):
        return self.received + timedelta(days=DEADLINE_DAYS)

    def days_left(self, today=None):
        return (self.deadline - (today or date.today())).days


def parse_extract(path):
    cases = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                received = datetime.strptime(row["received"], "%Y-%m-%d").date()
            except (KeyError, ValueError):
                log.warning("bad received date for %s", row.get("reference"))
                continue
            cases.append(AppealCase(
                reference=row["reference"],
                pcn=row.get("pcn", ""),
                received=received,
                grounds=row.get("grounds", "").strip(),
                officer=row.get("officer", "unassigned"),
            ))
    return cases


def load_cache(extract_path):
    if not os.path.exists(CACHE_FILE):
        return None
    if os.path.getmtime(CACHE_FILE) < os.path.getmtime(extract_path):
        log.info("cache older than extract, rebuilding")
        return None
    with open(CACHE_FILE, "rb") as fh:
        return pickle.load(fh)


def save_cache(cases):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(cases, fh)


def due_soon(cases, within):
    today = date.today()
    return sorted((c for c in cases if c.days_left(today) <= within), key=lambda c: c.deadline)


def main():
    parser = argparse.ArgumentParser(description="Appeal deadlines from the case extract")
    parser.add_argument("extract", help="appeals CSV extract")
    parser.add_argument("--within", type=int, default=10, help="days left threshold")
    parser.add_argument("--officer", help="only cases for this officer")
    parser.add_argument("--refresh", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    cases = None if args.refresh else load_cache(args.extract)
    if cases is None:
        cases = parse_extract(args.extract)
        save_cache(cases)
        log.info("cached %d cases", len(cases))

    if args.officer:
        cases = [c for c in cases if c.officer == args.officer]

    for case in due_soon(cases, args.within):
        left = case.days_left()
        flag = "OVERDUE" if left < 0 else f"{left:>3}d"
        print(f"{flag}  {case.reference}  PCN {case.pcn}  {case.officer:<12} {case.grounds[:40]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
