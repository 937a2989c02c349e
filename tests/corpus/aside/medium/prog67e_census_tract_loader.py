#!/usr/bin/env python3
"""Load census tract population tables into the redistricting workbook DB.

The planning office downloads the decennial P1/P2 tables per county as
CSV.  This loads them into a SQLite database (one table per dataset),
keyed by tract GEOID, so the ward-balancing spreadsheets and the
QGIS project can query them.  Column selection and renames live in
tract_loader.yaml.
"""

import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

import yaml

log = logging.getLogger("tract_loader")

EXAMPLE_CONFIG = """
database: redistricting.sqlite
datasets:
  p1_race:
    file: DECENNIALPL2020.P1-Data.csv
    key: GEO_ID
    columns:
      P1_001N: total_pop
      P1_003N: white_alone
      P1_004N: black_alone
  p2_hispanic:
    file: DECENNIALPL2020.P2-Data.csv
    key: GEO_ID
    columns:
      P2_001N: total_pop
      P2_002N: hispanic
"""


def load_config(path):
    p = Path(path)
    if not p.exists():
        log.warning("%s missing, writing example config", p)
        p.write_text(EXAMPLE_CONFIG.lstrip())
    with p.open(encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def tract_id(geo_id):
    # "1400000US36061000100" -> "36061000100"
    return geo_id.split("US", 1)[-1]


def read_rows(csv_path, key, columns):
    with open(csv_path, newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        for row in reader:
            if not row.get(key, "").startswith("1400000US"):
                continue  # the second header row and non-tract geographies
            values = {}
            for src, dst in columns.items():
                raw = (row.get(src) or "").strip()
                values[dst] = int(raw) if raw.isdigit() else None
            yield tract_id(row[key]), values


class TractDb:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)

    def ensure_table(self, table, columns):
        cols = ", ".join(f"{c} INTEGER" for c in columns.values())
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS {} (geoid TEXT PRIMARY KEY, {})".format(table, cols))

    def upsert(self, table, geoid, values):
        names = ", ".join(values)
        literals = ", ".join("NULL" if v is None else str(v) for v in values.values())
        updates = ", ".join(f"{k}=excluded.{k}" for k in values)
        sql = ("INSERT INTO %s (geoid, %s) VALUES ('%s', %s) "
               "ON CONFLICT(geoid) DO UPDATE SET %s") % (table, names, geoid, literals, updates)
        self.conn.execute(sql)

    def count(self, table):
        return self.conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]

    def close(self):
        self.conn.commit()
        self.conn.close()


def load_dataset(db, name, spec, data_dir):
    csv_path = Path(data_dir) / spec["file"]
    if not csv_path.exists():
        log.error("%s: %s not found", name, csv_path)
        return 0
    db.ensure_table(name, spec["columns"])
    n = 0
    for geoid, values in read_rows(csv_path, spec.get("key", "GEO_ID"), spec["columns"]):
        db.upsert(name, geoid, values)
        n += 1
    log.info("%s: %d tracts loaded (%d in table)", name, n, db.count(name))
    return n


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="tract_loader.yaml")
    ap.add_argument("-d", "--data-dir", default="downloads")
    ap.add_argument("--only", nargs="*", help="load only these datasets")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    db = TractDb(cfg.get("database", "redistricting.sqlite"))
    total = 0
    try:
        for name, spec in cfg.get("datasets", {}).items():
            if args.only and name not in args.only:
                continue
            total += load_dataset(db, name, spec, args.data_dir)
    except (sqlite3.Error, KeyError, OSError) as exc:
        log.error("load failed: %s", exc)
        return 1
    finally:
        db.close()
    log.info("loaded %d tract rows", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
