#!/usr/bin/env python3
"""Parse logger CSV exports into per-station reading tables and keep a
pickled cache so the plotting notebooks do not re-parse hundreds of files.

The cache lives in ./cache/readings.pkl next to the exports; it is rebuilt
when any export is newer than the cache.
"""
import argparse
import csv
import logging
import os
import pickle
import sys
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

log = logging.getLogger("reading_cache")
CACHE_VERSION = 3


@dataclass
class StationReadings:
    station: str
    timestamps: list = field(default_factory=list)
    temp_c: list = field(default_factory=list)
    rh_pct: list = field(default_factory=list)
    wind_ms: list = field(default_factory=list)

    def add(self, ts, temp, rh, wind):
        self.timestamps.append(ts)
        self.temp_c.append(temp)
        self.rh_pct.append(rh)
        self.wind_ms.append(wind)


def to_float(value):
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def parse_exports(export_dir):
    tables = {}
    for path in sorted(export_dir.glob("*.csv")):
        station = path.stem.split("_")[0]
        table = tables.setdefault(station, StationReadings(station))
        with open(path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                try:
                    ts = datetime.fromisoformat(row["timestamp"])
                except (KeyError, ValueError):
                    continue
                table.add(ts, to_float(row.get("temp_c")),
                          to_float(row.get("rh_pct")), to_float(row.get("wind_ms")))
        log.debug("parsed %s", path.name)
    return tables


def newest_mtime(export_dir):
    mtimes = [p.stat().st_mtime for p in export_dir.glob("*.csv")]
    return max(mtimes) if mtimes else 0.0


def load_cache(cache_path):
    with open(cache_path, "rb") as fh:
        blob = pickle.load(fh)
    if blob.get("version") != CACHE_VERSION:
        raise ValueError("cache version mismatch")
    return blob["tables"]


def save_cache(cache_path, tables):
    cache_path.parent.mkdir(parents=True, exist_ok=True)
    tmp = cache_path.with_suffix(".pkl.part")
    with open(tmp, "wb") as fh:
        pickle.dump({"version": CACHE_VERSION, "tables": tables}, fh)
    os.replace(tmp, cache_path)


def get_tables(export_dir, cache_path, force=False):
    if not force and cache_path.exists() and cache_path.stat().st_mtime >= newest_mtime(export_dir):
        try:
            tables = load_cache(cache_path)
            log.info("loaded %d stations from cache", len(tables))
            return tables
        except (ValueError, EOFError, pickle.UnpicklingError) as exc:
            log.warning("cache unusable (%s), rebuilding", exc)
    tables = parse_exports(export_dir)
    save_cache(cache_path, tables)
    log.info("rebuilt cache with %d stations", len(tables))
    return tables


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--exports", default="exports")
    parser.add_argument("--cache", default="cache/readings.pkl")
    parser.add_argument("--force", action="store_true", help="ignore the cache")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    export_dir = Path(args.exports)
    if not export_dir.is_dir():
        log.error("export directory %s not found", export_dir)
        return 1
    tables = get_tables(export_dir, Path(args.cache), args.force)
    for station, table in sorted(tables.items()):
        temps = [t for t in table.temp_c if t is not None]
        span = (f"{table.timestamps[0]:%Y-%m-%d} .. {table.timestamps[-1]:%Y-%m-%d}"
                if table.timestamps else "empty")
        low = f"{min(temps):.1f}" if temps else "-"
        high = f"{max(temps):.1f}" if temps else "-"
        print(f"{station:10s} {len(table.timestamps):7d} rows  {span}  T {low}/{high}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
