#!/usr/bin/env python3
"""Keep a local cache of ATM terminal state between support shifts.

The morning shift exports terminal state (last fault, cassette levels,
last service visit) as a pickle file in the shared support directory; the
evening shift loads it, merges the fresh readings from a CSV export and
saves it back.  A short shell step then prints the disk usage of the
cache directory so the shift lead can see it is not growing unbounded.
"""

import argparse
import csv
import logging
import os
import pickle
import subprocess
import sys
from datetime import datetime

LOG = logging.getLogger("terminal-state-cache")

DU_STEP = """#!/bin/bash
cd "$CACHE_DIR" || exit 1
du -sh . | cut -f1
ls -1 *.pkl 2>/dev/null | wc -l
"""


class TerminalState:
    def __init__(self, terminal_id):
        self.terminal_id = terminal_id
        self.last_fault = None
        self.cassettes = {}
        self.last_visit = None
        self.updated = None

    def merge(self, row):
        if row.get("fault"):
            self.last_fault = row["fault"]
        for key, value in row.items():
            if key.startswith("cassette_") and value:
                self.cassettes[key] = int(value)
        if row.get("visit"):
            self.last_visit = row["visit"]
        self.updated = datetime.now().isoformat(timespec="seconds")


class StateCache:
    def __init__(self, path):
        self.path = path
        self.states = {}

    def load(self):
        if not os.path.exists(self.path):
            LOG.info("no cache at %s yet", self.path)
            return
        with open(self.path, "rb") as fh:
            self.states = pickle.load(fh)
        LOG.info("loaded %d terminal(s) from %s", len(self.states), self.path)

    def save(self):
        tmp = self.path + ".new"
        with open(tmp, "wb") as fh:
            pickle.dump(self.states, fh)
        os.replace(tmp, self.path)
        os.chmod(self.path, 0o600)

    def merge_csv(self, csv_path):
        count = 0
        with open(csv_path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                tid = row.get("terminal")
                if not tid:
                    continue
                state = self.states.setdefault(tid, TerminalState(tid))
                state.merge(row)
                count += 1
        return count


def cache_usage(cache_dir):
    proc = subprocess.run(["bash", "-s"], input=DU_STEP, text=True,
                          capture_output=True,
                          env=dict(os.environ, CACHE_DIR=cache_dir))
    if proc.returncode != 0:
        return None, None
    size, files = (proc.stdout.split() + ["?", "?"])[:2]
    return size, files


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--cache", default="support_share/terminal_state.pkl")
    ap.add_argument("--readings", help="CSV export with fresh readings")
    ap.add_argument("--show", metavar="TERMINAL", help="print one terminal")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cache = StateCache(args.cache)
    try:
        cache.load()
    except (OSError, pickle.UnpicklingError, EOFError) as exc:
        LOG.error("cache unreadable: %s", exc)
        return 2

    if args.readings:
        try:
            n = cache.merge_csv(args.readings)
        except (OSError, ValueError) as exc:
            LOG.error("cannot merge %s: %s", args.readings, exc)
            return 3
        os.makedirs(os.path.dirname(args.cache) or ".", exist_ok=True)
        cache.save()
        LOG.info("merged %d reading(s); cache saved", n)

    if args.show:
        st = cache.states.get(args.show)
        if st is None:
            LOG.warning("terminal %s not in cache", args.show)
        else:
            print(f"{st.terminal_id}: fault={st.last_fault} visit={st.last_visit} "
                  f"cassettes={st.cassettes} updated={st.updated}")

    size, files = cache_usage(os.path.dirname(args.cache) or ".")
    LOG.info("cache directory: %s in %s pickle file(s)", size, files)
    return 0


if __name__ == "__main__":
    sys.exit(main())
