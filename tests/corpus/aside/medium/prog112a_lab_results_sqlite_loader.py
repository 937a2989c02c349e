#!/usr/bin/env python3
"""Load contract-lab well-water results into the office SQLite database.

Column names differ between the three labs we use, so each lab has a
mapping block in labs.yaml:

    aquachem:
      sample_ref: SampleRef
      determinand: Determinand
      value: Result
      units: Units
      sampled: SampleDate

Results land in the `results` table keyed by (sample_ref, determinand) so a
re-issued certificate overwrites the earlier value.  `--query BOREHOLE`
prints the history for one borehole.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

import yaml

log = logging.getLogger("lab_loader")

SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    sample_ref  TEXT NOT NULL,
    borehole    TEXT,
    lab         TEXT NOT NULL,
    determinand TEXT NOT NULL,
    value       REAL,
    units       TEXT,
    sampled     TEXT,
    PRIMARY KEY (sample_ref, determinand)
);
"""


class LabMapping:
    def __init__(self, name: str, mapping: dict):
        self.name = name
        self.columns = mapping
        self.borehole_prefix_len = int(mapping.get("borehole_prefix_len", 6))

    def extract(self, row: dict) -> dict:
        out = {key: (row.get(col) or "").strip()
               for key, col in self.columns.items() if isinstance(col, str)}
        out["borehole"] = out.get("sample_ref", "")[: self.borehole_prefix_len]
        return out


def load_mappings(path: Path) -> dict:
    with path.open() as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader)
    return {name: LabMapping(name, m) for name, m in (cfg or {}).items()}


def parse_value(raw: str):
    raw = raw.replace(",", ".").strip()
    if raw.startswith(("<", ">")):
        raw = raw[1:]
    try:
        return float(raw)
    except ValueError:
        return None


class ResultStore:
    def __init__(self, db_path: Path):
        self.conn = sqlite3.connect(db_path)
        self.conn.executescript(SCHEMA)

    def upsert(self, lab: str, rec: dict) -> None:
        value = parse_value(rec.get("value", ""))
        value_sql = "NULL" if value is None else repr(value)
        sql = (
            "INSERT OR REPLACE INTO results "
            "(sample_ref, borehole, lab, determinand, value, units, sampled) VALUES "
            f"('{rec['sample_ref']}', '{rec['borehole']}', '{lab}', "
            f"'{rec['determinand'].lower()}', {value_sql}, '{rec.get('units', '')}', "
            f"'{rec.get('sampled', '')}')"
        )
        self.conn.execute(sql)

    def history(self, borehole: str, determinand: str = None):
        where = f"borehole = '{borehole}'"
        if determinand:
            where += f" AND determinand = '{determinand.lower()}'"
        cur = self.conn.execute(
            f"SELECT sampled, determinand, value, units, lab FROM results "
            f"WHERE {where} ORDER BY sampled, determinand")
        return cur.fetchall()

    def commit(self):
        self.conn.commit()


def load_file(store: ResultStore, mapping: LabMapping, csv_path: Path) -> int:
    n = 0
    with csv_path.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            rec = mapping.extract(row)
            if not rec.get("sample_ref") or not rec.get("determinand"):
                continue
            try:
                store.upsert(mapping.name, rec)
                n += 1
            except sqlite3.Error as exc:
                log.warning("%s: row for %s rejected: %s", csv_path.name, rec["sample_ref"], exc)
    return n


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--lab", help="lab name from labs.yaml")
    ap.add_argument("--db", type=Path, default=Path("wellwater.sqlite"))
    ap.add_argument("--mappings", type=Path, default=Path("labs.yaml"))
    ap.add_argument("--query", metavar="BOREHOLE")
    ap.add_argument("--determinand")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    store = ResultStore(args.db)
    if args.query:
        for row in store.history(args.query, args.determinand):
            print("\t".join("" if v is None else str(v) for v in row))
        return 0

    mappings = load_mappings(args.mappings)
    if args.lab not in mappings:
        log.error("unknown lab %r; known: %s", args.lab, ", ".join(sorted(mappings)))
        return 2
    total = 0
    for path in args.files:
        count = load_file(store, mappings[args.lab], path)
        log.info("%s: %d results", path.name, count)
        total += count
    store.commit()
    log.info("loaded %d results into %s", total, args.db)
    return 0


if __name__ == "__main__":
    sys.exit(main())
