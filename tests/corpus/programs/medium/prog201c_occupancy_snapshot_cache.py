#!/usr/bin/env python3
"""Occupancy snapshot cache.

The bay sensor gateway drops a snapshot of every level each few minutes.
Reloading the full sensor history is slow, so this tool keeps the parsed
snapshots in a cache file shared with the reporting workstation.
"""
import argparse
import csv
import logging
import pickle
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("snapshot-cache")

SETTINGS = {
    "cache": "/tmp/carpark_snapshots.cache",
    "max_age": 6 * 3600,
}


@dataclass
class Snapshot:
    level: str
    taken_at: float
    occupied: int
    capacity: int
    faults: list = field(default_factory=list)

    @property
    def free(self):
        return max(self.capacity - self.occupied, 0)


class SnapshotCache:
    def __init__(self, path):
        self.path = Path(path)
        self.items = []

    def load(self):
        if not self.path.exists():
            return
        with self.path.open("rb") as fh:
            self.items = pickle.load(fh)
        LOG.debug("loaded %d cached snapshots", len(self.items))

    def save(self):
        with self.path.open("wb") as fh:
            pickle.dump(self.items, fh)

    def prune(self, max_age):
        cutoff = time.time() - max_age
        before = len(self.items)
        self.items = [s for s in self.items if s.taken_at >= cutoff]
        return before - len(self.items)

    def ingest(self, csv_path):
        added = 0
        with open(csv_path, newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    self.items.append(Snapshot(
                        level=row["level"], taken_at=float(row["ts"]),
                        occupied=int(row["occupied"]), capacity=int(row["capacity"]),
                        faults=[f for f in row.get("faults", "").split(";") if f]))
                    added += 1
                except (KeyError, ValueError) as exc:
                    LOG.warning("bad row: %s", exc)
        return added

    def latest(self):
        out = {}
        for snap in sorted(self.items, key=lambda s: s.taken_at):
            out[snap.level] = snap
        return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--cache", default=SETTINGS["cache"])
    p.add_argument("--ingest", nargs="*", default=[], help="gateway CSV drops")
    p.add_argument("--max-age", type=int, default=SETTINGS["max_age"])
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = SnapshotCache(args.cache)
    try:
        cache.load()
    except (pickle.UnpicklingError, EOFError) as exc:
        LOG.warning("cache unreadable, starting fresh: %s", exc)
    for drop in args.ingest:
        try:
            LOG.info("%s: %d snapshots", drop, cache.ingest(drop))
        except OSError as exc:
            LOG.error("cannot read %s: %s", drop, exc)
    LOG.info("pruned %d old snapshots", cache.prune(args.max_age))
    cache.save()
    for level, snap in sorted(cache.latest().items()):
        print(f"{level:<8} free {snap.free:>4}/{snap.capacity:<4} faults={len(snap.faults)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
