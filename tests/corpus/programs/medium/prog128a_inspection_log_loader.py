#!/usr/bin/env python3
"""Load inflatable inspection logs (PIPA annual tests) and flag units that are due or failed.

Inspectors upload one CSV per visit (tag number, unit, date, result, notes).
This tool merges them, keeps a parsed cache so the nightly run only has to
read new files, and writes a short report of units that must not go out.

    inspection_log_loader.py logs/ --report due_units.txt
"""
import argparse
import csv
import hashlib
import logging
import pickle
import sys
from collections import defaultdict
from datetime import date, datetime, timedelta
from pathlib import Path

log = logging.getLogger("inspections")

CACHE_DIR = Path(".inspection_cache")
INSPECTION_VALID_DAYS = 365


class InspectionStore:
    """In-memory index of the most recent inspection for each unit."""

    def __init__(self):
        self.latest = {}
        self.history = defaultdict(list)

    def add(self, rec):
        self.history[rec["unit"]].append(rec)
        cur = self.latest.get(rec["unit"])
        if cur is None or rec["inspected"] > cur["inspected"]:
            self.latest[rec["unit"]] = rec

    def problems(self, today):
        cutoff = today - timedelta(days=INSPECTION_VALID_DAYS)
        for unit, rec in sorted(self.latest.items()):
            if rec["result"] != "PASS":
                yield unit, f"last inspection {rec['result']} on {rec['inspected']}"
            elif rec["inspected"] < cutoff:
                yield unit, f"inspection expired (last {rec['inspected']})"


def _cache_path(src):
    digest = hashlib.md5(f"{src.resolve()}:{src.stat().st_mtime_ns}".encode()).hexdigest()
    return CACHE_DIR / f"{digest}.pkl"


def parse_csv(path):
    out = []
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                out.append({
                    "unit": row["unit_code"].strip().upper(),
                    "tag": row.get("pipa_tag", "").strip(),
                    "inspected": datetime.strptime(row["date"], "%d/%m/%Y").date(),
                    "result": row["result"].strip().upper(),
                    "inspector": row.get("inspector", "").strip(),
                })
            except (KeyError, ValueError) as exc:
                log.warning("%s: bad row skipped (%s)", path.name, exc)
    return out


def load_file(path):
    cached = _cache_path(path)
    if cached.exists():
        with cached.open("rb") as fh:
            return pickle.load(fh)
    records = parse_csv(path)
    CACHE_DIR.mkdir(exist_ok=True)
    with cached.open("wb") as fh:
        pickle.dump(records, fh, protocol=pickle.HIGHEST_PROTOCOL)
    return records


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("logdir", type=Path)
    ap.add_argument("--report", type=Path, default=Path("due_units.txt"))
    ap.add_argument("--as-of", type=lambda s: datetime.strptime(s, "%Y-%m-%d").date(),
                    default=date.today())
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.logdir.is_dir():
        log.error("%s is not a directory", args.logdir)
        return 2

    store = InspectionStore()
    files = sorted(args.logdir.glob("*.csv"))
    for f in files:
        for rec in load_file(f):
            store.add(rec)
    log.info("loaded %d files, %d units", len(files), len(store.latest))

    problems = list(store.problems(args.as_of))
    with args.report.open("w", encoding="utf-8") as fh:
        fh.write(f"Units not fit for hire as of {args.as_of}\n")
        for unit, why in problems:
            fh.write(f"{unit:<12} {why}\n")
    log.info("%d units flagged, report in %s", len(problems), args.report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
