#!/usr/bin/env python3
"""Import depot fuel dispenser logs into the fleet fuel database.

The bunkering pumps at each depot write a CSV per shift (pump id, fleet
number, litres, odometer, timestamp). We apply the per-pump meter calibration,
load the rows into SQLite and flag vehicles whose consumption drifts away
from their rolling average.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import yaml

log = logging.getLogger("fuel-import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS fills (
    depot TEXT, pump TEXT, fleet_no TEXT, litres REAL,
    odometer INTEGER, filled_at TEXT,
    UNIQUE (pump, filled_at)
);
"""

DEFAULT_PROFILE = {
    "version": 3,
    "pumps": {"P1": 1.000, "P2": 0.996, "P3": 1.004},
    "drift_threshold": 0.18,
}


@dataclass
class CalibrationProfile:
    pumps: dict = field(default_factory=dict)
    drift_threshold: float = 0.18

    @classmethod
    def load(cls, path):
        data = dict(DEFAULT_PROFILE)
        if path.exists():
            with path.open() as fh:
                # profiles carry !!python/tuple ranges written by the calibration rig
                data.update(yaml.load(fh, Loader=yaml.Loader) or {})
        return cls(pumps=data["pumps"], drift_threshold=data["drift_threshold"])

    def factor(self, pump):
        return float(self.pumps.get(pump, 1.0))


def read_shift(path, profile, depot):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                litres = float(row["litres"]) * profile.factor(row["pump"])
                yield (depot, row["pump"], row["fleet_no"].strip(), round(litres, 2),
                       int(row["odometer"]), datetime.fromisoformat(row["timestamp"]).isoformat())
            except (KeyError, ValueError) as exc:
                log.warning("%s: bad row %r (%s)", path.name, row, exc)


def flag_drift(db, threshold):
    q = """
    SELECT fleet_no, SUM(litres), MAX(odometer) - MIN(odometer)
    FROM fills GROUP BY fleet_no HAVING COUNT(*) > 3
    """
    rows = db.execute(q).fetchall()
    if not rows:
        return []
    rates = {f: l / d for f, l, d in rows if d}
    mean = sum(rates.values()) / len(rates)
    return [(f, r) for f, r in rates.items() if abs(r - mean) / mean > threshold]


def main(argv=None):
    ap = argparse.ArgumentParser(description="Load depot fuel logs")
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--depot", required=True)
    ap.add_argument("--db", default="fuel.sqlite3")
    ap.add_argument("--profile", type=Path, default=Path("calibration.yaml"))
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    profile = CalibrationProfile.load(args.profile)

    db = sqlite3.connect(args.db)
    db.executescript(SCHEMA)
    inserted = 0
    for path in args.files:
        if not path.is_file():
            log.error("missing %s", path)
            continue
        rows = list(read_shift(path, profile, args.depot))
        cur = db.executemany("INSERT OR IGNORE INTO fills VALUES (?,?,?,?,?,?)", rows)
        inserted += cur.rowcount
        log.info("%s: %d rows", path.name, len(rows))
    db.commit()

    for fleet_no, rate in flag_drift(db, profile.drift_threshold):
        log.warning("fleet %s consumption %.3f l/km outside band", fleet_no, rate)
    log.info("inserted %d new fills", inserted)
    db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
