#!/usr/bin/env python3
"""Build and query a recapture index from the season's capture CSVs.

Parsing several seasons of CSV is slow on the field laptop, so the index
is cached next to the data and reused until the CSVs change.
"""
import argparse
import csv
import hashlib
import logging
import pickle
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("recapture-index")

CACHE_NAME = ".recapture_index.pkl"


class RecaptureIndex:
    def __init__(self):
        self.by_ring = defaultdict(list)
        self.signature = ""

    def add(self, row):
        ring = (row.get("ring_no") or "").strip().upper()
        if ring:
            self.by_ring[ring].append({
                "date": row.get("date", ""),
                "site": row.get("site", ""),
                "wing": row.get("wing_mm", ""),
                "mass": row.get("mass_g", ""),
            })

    def recaptures(self, min_events=2):
        return {r: ev for r, ev in self.by_ring.items() if len(ev) >= min_events}


def data_signature(files):
    h = hashlib.md5()
    for f in sorted(files):
        st = f.stat()
        h.update(("%s:%d:%d" % (f.name, st.st_size, int(st.st_mtime))).encode())
    return h.hexdigest()


class IndexCache:
    def __init__(self, folder):
        self.path = Path(folder) / CACHE_NAME

    def load(self):
        if not self.path.exists():
            return None
        with self.path.open("rb") as fh:
            return pickle.load(fh)

    def save(self, index):
        with self.path.open("wb") as fh:
            pickle.dump(index, fh)


def build(files):
    idx = RecaptureIndex()
    for f in files:
        with f.open(newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                idx.add(row)
    return idx


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", type=Path, nargs="?", default=Path("."))
    ap.add_argument("--ring", help="show the history of one ring")
    ap.add_argument("--min-events", type=int, default=2)
    ap.add_argument("--rebuild", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    files = sorted(args.folder.glob("captures_*.csv"))
    if not files:
        log.error("no captures_*.csv files in %s", args.folder)
        return 1
    sig = data_signature(files)
    cache = IndexCache(args.folder)
    idx = None if args.rebuild else cache.load()
    if idx is None or getattr(idx, "signature", "") != sig:
        log.info("building index from %d files", len(files))
        idx = build(files)
        idx.signature = sig
        cache.save(idx)

    if args.ring:
        for ev in idx.by_ring.get(args.ring.upper(), []):
            print("%(date)s  %(site)-12s wing=%(wing)s mass=%(mass)s" % ev)
        return 0
    rec = idx.recaptures(args.min_events)
    for ring, events in sorted(rec.items(), key=lambda kv: -len(kv[1])):
        print("%-10s %d captures, first %s" % (ring, len(events), events[0]["date"]))
    log.info("%d rings with %d+ captures", len(rec), args.min_events)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
