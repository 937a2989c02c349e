#!/usr/bin/env python3
"""Summarise syringe-driver (infusion pump) readings for the ward round.

Pump exports arrive as CSV files in ./pump_exports. Parsing them is slow on
the old station PC, so parsed readings are cached with pickle in ./cache and
re-used until the export changes. A shell pipeline produces the per-room
summary that is printed for the handover sheet.
"""

import argparse
import csv
import hashlib
import logging
import os
import pickle
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("pump-cache")

CACHE_DIR = Path("cache")
EXPORT_DIR = Path("pump_exports")

SUMMARY_PIPE = ("sort -t, -k1,1 -k2,2 \"$PUMP_ROWS\" | "
                "awk -F, '{n[$1]++; v[$1]+=$3} END {for (r in n) "
                "printf \"%s,%d,%.1f\\n\", r, n[r], v[r]}' | sort")


@dataclass
class Reading:
    room: str
    time: str
    rate_ml_h: float
    drug: str
    alarm: str


class PumpCache:
    def __init__(self, cache_dir):
        self.cache_dir = cache_dir
        self.cache_dir.mkdir(exist_ok=True)

    def _key(self, export):
        st = export.stat()
        return hashlib.md5(f"{export.name}:{st.st_size}:{st.st_mtime}".encode()).hexdigest()

    def load(self, export):
        path = self.cache_dir / (self._key(export) + ".pkl")
        if not path.exists():
            return None
        try:
            with path.open("rb") as fh:
                return pickle.load(fh)
        except (pickle.UnpicklingError, EOFError) as exc:
            LOG.warning("cache %s unreadable (%s); reparsing", path.name, exc)
            return None

    def store(self, export, readings):
        path = self.cache_dir / (self._key(export) + ".pkl")
        with path.open("wb") as fh:
            pickle.dump(readings, fh)
        os.chmod(path, 0o600)


def parse_export(export):
    out = []
    with export.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                out.append(Reading(row["room"], row["time"], float(row["rate_ml_h"]),
                                   row.get("drug", ""), row.get("alarm", "")))
            except (KeyError, ValueError):
                LOG.debug("bad row in %s: %r", export.name, row)
    return out


def summarise(readings):
    rows_file = CACHE_DIR / "rows.csv"
    with rows_file.open("w") as fh:
        for r in readings:
            fh.write(f"{r.room},{r.time},{r.rate_ml_h}\n")
    res = subprocess.run(["bash", "-c", SUMMARY_PIPE], capture_output=True, text=True,
                         env=dict(os.environ, PUMP_ROWS=str(rows_file)))
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip())
    return [line.split(",") for line in res.stdout.splitlines() if line]


def parse_args():
    p = argparse.ArgumentParser(description="Pump readings summary")
    p.add_argument("--exports", default=str(EXPORT_DIR))
    p.add_argument("--clear-cache", action="store_true")
    return p.parse_args()


def main():
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    args = parse_args()
    cache = PumpCache(CACHE_DIR)
    if args.clear_cache:
        for f in CACHE_DIR.glob("*.pkl"):
            f.unlink()
        LOG.info("cache cleared")
    exports = sorted(Path(args.exports).glob("*.csv"))
    if not exports:
        LOG.error("no pump exports in %s", args.exports)
        return 1
    readings, alarms = [], []
    for export in exports:
        cached = cache.load(export)
        if cached is None:
            cached = parse_export(export)
            cache.store(export, cached)
            LOG.info("parsed %s (%d readings)", export.name, len(cached))
        readings.extend(cached)
        alarms.extend(r for r in cached if r.alarm)
    try:
        summary = summarise(readings)
    except RuntimeError as exc:
        LOG.error("summary failed: %s", exc)
        return 1
    print("room      readings  total rate (ml/h)")
    for room, n, total in summary:
        print(f"{room:<9} {n:>8}  {total:>10}")
    for a in alarms:
        print(f"ALARM {a.room} {a.time} {a.drug}: {a.alarm}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
