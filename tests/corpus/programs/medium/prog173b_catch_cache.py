#!/usr/bin/env python3
"""Builds per-species catch summaries from the landing CSVs and caches them
so the weekly dashboard does not have to re-read a season of files."""
import argparse
import csv
import hashlib
import importlib
import logging
import os
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("catch-cache")

CACHE_DIR = Path(os.environ.get("CATCH_CACHE", ".catch_cache"))


@dataclass
class Summary:
    species: str
    hauls: int = 0
    kg: float = 0.0
    vessels: set = field(default_factory=set)

    def add(self, vessel, kg):
        self.hauls += 1
        self.kg += kg
        self.vessels.add(vessel)


class Codec:
    """Serializer chosen by name so the dashboard can swap formats."""

    def __init__(self, name=os.environ.get("CATCH_CODEC", "pickle")):
        self.mod = importlib.import_module(name)

    def dump(self, obj, path):
        with open(path, "wb") as fh:
            getattr(self.mod, "dump")(obj, fh)

    def load(self, path):
        with open(path, "rb") as fh:
            return getattr(self.mod, "load")(fh)


def cache_key(paths):
    h = hashlib.md5()
    for p in sorted(paths):
        st = p.stat()
        h.update(f"{p}:{st.st_size}:{st.st_mtime_ns}".encode())
    return h.hexdigest()


def summarise(paths):
    table = defaultdict(lambda: None)
    for path in paths:
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                sp = row.get("species", "").strip().lower()
                if not sp:
                    continue
                if table[sp] is None:
                    table[sp] = Summary(sp)
                try:
                    table[sp].add(row.get("vessel", "?"), float(row.get("kg", 0) or 0))
                except ValueError:
                    log.debug("bad kg in %s: %r", path, row)
    return {k: v for k, v in table.items() if v is not None}


def cached_summaries(paths, codec, refresh=False):
    CACHE_DIR.mkdir(exist_ok=True)
    entry = CACHE_DIR / f"{cache_key(paths)}.bin"
    if entry.exists() and not refresh:
        log.info("cache hit %s", entry.name)
        return codec.load(entry)
    data = summarise(paths)
    codec.dump(data, entry)
    log.info("cache stored %s", entry.name)
    return data


def report(data, top):
    rows = sorted(data.values(), key=lambda s: s.kg, reverse=True)[:top]
    print(f"{'species':<20}{'hauls':>8}{'tonnes':>10}{'vessels':>9}")
    for s in rows:
        print(f"{s.species:<20}{s.hauls:>8}{s.kg / 1000:>10.1f}{len(s.vessels):>9}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folder", nargs="?", default="landings")
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--refresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    paths = sorted(Path(args.folder).glob("*.csv"))
    if not paths:
        log.error("no landing files in %s", args.folder)
        return 1
    data = cached_summaries(paths, Codec(), refresh=args.refresh)
    report(data, args.top)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
