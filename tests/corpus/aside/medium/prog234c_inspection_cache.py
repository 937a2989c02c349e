#!/usr/bin/env python3
"""Auto-belay inspection history with a local cache.

Parses the daily inspection sheets (CSV, one per day) in ./inspections and
reports, per unit, the last inspection, last lanyard replacement and any
failed checks. Parsing two years of sheets is slow on the desk laptops, so the
parsed history is cached in ./.inspection_cache.pkl and only new sheets are
read on later runs.
"""

import argparse
import csv
import logging
import os
import pickle
import sys
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("inspection-cache")
CACHE_FILE = Path(".inspection_cache.pkl")


class History:
    def __init__(self):
        self.seen_sheets = set()
        self.units = defaultdict(lambda: {"last_inspected": None,
                                          "last_lanyard": None,
                                          "failures": []})

    def to_state(self):
        return {"seen": sorted(self.seen_sheets), "units": dict(self.units)}

    @classmethod
    def from_state(cls, state):
        h = cls()
        h.seen_sheets = set(state.get("seen", []))
        for unit, data in state.get("units", {}).items():
            h.units[unit] = data
        return h

    def ingest(self, sheet):
        day = sheet.stem
        with open(sheet, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                unit = row.get("unit", "").strip()
                if not unit:
                    continue
                rec = self.units[unit]
                rec["last_inspected"] = max(filter(None, [rec["last_inspected"], day]))
                if row.get("lanyard_replaced", "").lower() in ("y", "yes", "1"):
                    rec["last_lanyard"] = day
                if row.get("result", "pass").lower() != "pass":
                    rec["failures"].append((day, row.get("notes", "")))
        self.seen_sheets.add(sheet.name)


def load_cache():
    if not CACHE_FILE.exists():
        return History()
    try:
        with open(CACHE_FILE, "rb") as fh:
            return History.from_state(pickle.load(fh))
    except (pickle.UnpicklingError, EOFError, OSError) as exc:
        LOG.warning("cache unreadable (%s), rebuilding", exc)
        return History()


def save_cache(history):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(history.to_state(), fh)
    os.chmod(CACHE_FILE, 0o600)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sheets", default="inspections")
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--failures-only", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    history = History() if args.rebuild else load_cache()
    sheets = sorted(Path(args.sheets).glob("*.csv"))
    new = [s for s in sheets if s.name not in history.seen_sheets]
    LOG.info("%d sheets, %d new", len(sheets), len(new))
    for sheet in new:
        try:
            history.ingest(sheet)
        except (OSError, csv.Error) as exc:
            LOG.warning("skipping %s: %s", sheet, exc)
    save_cache(history)

    for unit in sorted(history.units):
        rec = history.units[unit]
        if args.failures_only and not rec["failures"]:
            continue
        print(f"{unit}: inspected {rec['last_inspected']}, "
              f"lanyard {rec['last_lanyard'] or 'never'}, "
              f"{len(rec['failures'])} failed checks")
        for day, notes in rec["failures"][-3:]:
            print(f"    {day}: {notes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
