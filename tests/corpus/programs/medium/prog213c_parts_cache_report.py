#!/usr/bin/env python3
"""Parts stock report for the co-op workshop.

Reads the stock export (parts.csv), keeps a parsed copy in ./cache so the
report is quick on the old back-office laptop, and prints a low-stock table
formatted by the shell's column/sort tools.
"""
import argparse
import csv
import logging
import os
import pickle
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("parts_report")

CACHE_DIR = Path("cache")
CACHE_FILE = CACHE_DIR / "parts.pkl"

# Formatter run through bash -c; rows arrive on stdin, sort key via env.
FORMAT_SH = r'''
sort -t "$(printf '\t')" -k"${SORT_COL}","${SORT_COL}" ${SORT_NUMERIC:+-n} \
  | { printf 'PART\tDESCRIPTION\tBIN\tON_HAND\tMIN\n'; cat; } \
  | column -t -s "$(printf '\t')"
'''


@dataclass
class Part:
    part_no: str
    description: str
    bin: str
    on_hand: int
    minimum: int

    @property
    def low(self):
        return self.on_hand <= self.minimum


class PartsStore:
    def __init__(self, csv_path):
        self.csv_path = csv_path
        self.parts = []

    def _parse_csv(self):
        parts = []
        with self.csv_path.open(newline="") as fh:
            for n, row in enumerate(csv.DictReader(fh), start=2):
                try:
                    parts.append(Part(row["part_no"], row.get("description", ""),
                                      row.get("bin", "?"), int(row["on_hand"]),
                                      int(row.get("minimum") or 0)))
                except (KeyError, ValueError) as exc:
                    LOG.warning("line %d skipped: %s", n, exc)
        return parts

    def load(self, refresh=False):
        fresh = (CACHE_FILE.exists() and
                 CACHE_FILE.stat().st_mtime >= self.csv_path.stat().st_mtime)
        if fresh and not refresh:
            with CACHE_FILE.open("rb") as fh:
                self.parts = pickle.load(fh)
            LOG.info("loaded %d parts from cache", len(self.parts))
            return
        self.parts = self._parse_csv()
        CACHE_DIR.mkdir(exist_ok=True)
        with CACHE_FILE.open("wb") as fh:
            pickle.dump(self.parts, fh)
        LOG.info("parsed %d parts, cache refreshed", len(self.parts))


def render(parts, sort_by):
    cols = {"part": ("1", ""), "bin": ("3", ""), "stock": ("4", "1")}
    col, numeric = cols[sort_by]
    rows = "".join(
        f"{p.part_no}\t{p.description[:40]}\t{p.bin}\t{p.on_hand}\t{p.minimum}\n"
        for p in parts
    )
    env = dict(os.environ, SORT_COL=col)
    if numeric:
        env["SORT_NUMERIC"] = "1"
    res = subprocess.run(["bash", "-c", FORMAT_SH], input=rows, text=True,
                         capture_output=True, env=env)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip())
    return res.stdout


def main(argv=None):
    ap = argparse.ArgumentParser(description="Low-stock report")
    ap.add_argument("csv", nargs="?", type=Path, default=Path("parts.csv"))
    ap.add_argument("--all", action="store_true", help="show all parts")
    ap.add_argument("--sort", choices=("part", "bin", "stock"), default="stock")
    ap.add_argument("--refresh", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    store = PartsStore(args.csv)
    try:
        store.load(refresh=args.refresh)
    except (OSError, pickle.UnpicklingError) as exc:
        LOG.error("could not load parts: %s", exc)
        return 1
    chosen = store.parts if args.all else [p for p in store.parts if p.low]
    if not chosen:
        print("Nothing is low on stock.")
        return 0
    try:
        sys.stdout.write(render(chosen, args.sort))
    except RuntimeError as exc:
        LOG.error("formatting failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
