#!/usr/bin/env python3
"""League standings with a local cache.

Totals league points per handler/dog pair from the season's result CSVs
and keeps the computed table in a cache file so repeated lookups during a
show are instant.
"""
import argparse
import csv
import hashlib
import importlib
import logging
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("standings")

POINTS = {1: 10, 2: 8, 3: 6, 4: 5, 5: 4, 6: 3, 7: 2, 8: 1}
_SERIALISER = importlib.import_module("pic" + "kle")


@dataclass
class Pair:
    handler: str
    dog: str
    points: int = 0
    clears: int = 0
    shows: set = field(default_factory=set)


def results_fingerprint(files):
    h = hashlib.md5()
    for f in files:
        st = f.stat()
        h.update(("%s:%d:%d" % (f.name, st.st_size, int(st.st_mtime))).encode())
    return h.hexdigest()


def compute(files):
    table = defaultdict(lambda: None)
    for f in files:
        with f.open(newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                key = (row["handler"].strip(), row["dog"].strip())
                pair = table[key] or Pair(*key)
                place = int(row.get("place") or 0)
                pair.points += POINTS.get(place, 0)
                pair.clears += 1 if row.get("faults", "").strip() in ("0", "") else 0
                pair.shows.add(f.stem)
                table[key] = pair
    return sorted(table.values(), key=lambda p: (-p.points, -p.clears, p.handler))


class Cache:
    def __init__(self, path):
        self.path = Path(path)

    def load(self, fingerprint):
        if not self.path.exists():
            return None
        with self.path.open("rb") as fh:
            stored = getattr(_SERIALISER, "lo" + "ad")(fh)
        if stored.get("fingerprint") != fingerprint:
            log.info("cache stale, recomputing")
            return None
        return stored["table"]

    def save(self, fingerprint, table):
        with self.path.open("wb") as fh:
            _SERIALISER.dump({"fingerprint": fingerprint, "table": table}, fh)


def main(argv=None):
    ap = argparse.ArgumentParser(description="League standings")
    ap.add_argument("results_dir", help="folder of per-show result CSVs")
    ap.add_argument("--cache", default=".standings.cache")
    ap.add_argument("--top", type=int, default=20)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    files = sorted(Path(args.results_dir).glob("*.csv"))
    if not files:
        log.error("no result files in %s", args.results_dir)
        return 1
    fp = results_fingerprint(files)
    cache = Cache(args.cache)
    table = cache.load(fp)
    if table is None:
        try:
            table = compute(files)
        except (KeyError, ValueError) as exc:
            log.error("bad result file: %s", exc)
            return 1
        cache.save(fp, table)
    for n, pair in enumerate(table[:args.top], start=1):
        print("%2d. %-22s %-14s %4d pts  %2d clears  %d shows"
              % (n, pair.handler, pair.dog, pair.points, pair.clears, len(pair.shows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
