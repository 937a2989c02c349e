#!/usr/bin/env python3
"""Import contract-lab electronic data deliverables (EDDs) into the local
sample tracker database.

Each EDD is a CSV from the contract lab (sample_id, collected, analyte_code,
result, units, qualifier, mdl).  Analyte codes differ per lab, so
analyte_map.yml maps each lab's codes to our parameter names and target
tables:

    labs:
      EUROFINS-TAC:
        "7439-92-1": {param: lead, table: metals}
        "E.COLI-QT": {param: ecoli, table: micro}
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import datetime
from pathlib import Path

import yaml

log = logging.getLogger("edd_import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS {table} (
    sample_id TEXT, collected TEXT, param TEXT, result REAL, units TEXT,
    qualifier TEXT, mdl REAL, lab TEXT, source_file TEXT, imported TEXT
)
"""


def load_map(path):
    with open(path) as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    return doc.get("labs", {})


class TrackerDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.known_tables = set()

    def ensure_table(self, table):
        if table not in self.known_tables:
            self.conn.execute(SCHEMA.format(table=table))
            self.known_tables.add(table)

    def already_imported(self, table, source_file):
        self.ensure_table(table)
        q = f"SELECT COUNT(*) FROM {table} WHERE source_file = '{source_file}'"
        return self.conn.execute(q).fetchone()[0] > 0

    def insert(self, table, row):
        self.ensure_table(table)
        cols = ", ".join(row.keys())
        vals = ", ".join("NULL" if v is None else
                         (str(v) if isinstance(v, (int, float)) else "'%s'" % v)
                         for v in row.values())
        self.conn.execute(f"INSERT INTO {table} ({cols}) VALUES ({vals})")

    def commit(self):
        self.conn.commit()


def parse_float(text):
    text = (text or "").strip().lstrip("<>")
    try:
        return float(text)
    except ValueError:
        return None


def import_file(db, edd_path, lab, codes, stamp):
    imported, skipped = 0, 0
    seen_tables = {spec["table"] for spec in codes.values()}
    if any(db.already_imported(t, edd_path.name) for t in seen_tables):
        log.info("%s already imported, skipping", edd_path.name)
        return 0, 0
    with edd_path.open(newline="", encoding="utf-8-sig") as fh:
        for rec in csv.DictReader(fh):
            spec = codes.get(rec.get("analyte_code", "").strip())
            if not spec:
                skipped += 1
                continue
            db.insert(spec["table"], {
                "sample_id": rec["sample_id"].strip(),
                "collected": rec["collected"].strip(),
                "param": spec["param"],
                "result": parse_float(rec.get("result")),
                "units": rec.get("units", "").strip(),
                "qualifier": rec.get("qualifier", "").strip(),
                "mdl": parse_float(rec.get("mdl")),
                "lab": lab,
                "source_file": edd_path.name,
                "imported": stamp,
            })
            imported += 1
    return imported, skipped


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("lab", help="lab key in analyte_map.yml")
    ap.add_argument("edd", nargs="+", type=Path)
    ap.add_argument("--map", default="analyte_map.yml")
    ap.add_argument("--db", default="sample_tracker.db")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    labs = load_map(args.map)
    codes = labs.get(args.lab)
    if not codes:
        log.error("lab %s not in %s", args.lab, args.map)
        return 2

    db = TrackerDB(args.db)
    stamp = datetime.now().isoformat(timespec="seconds")
    total = 0
    for path in args.edd:
        try:
            n, skipped = import_file(db, path, args.lab, codes, stamp)
        except (OSError, KeyError, sqlite3.Error) as exc:
            log.error("%s: %s", path, exc)
            continue
        db.commit()
        total += n
        log.info("%s: %d results, %d unmapped", path.name, n, skipped)
    log.info("imported %d results from %d files", total, len(args.edd))
    return 0


if __name__ == "__main__":
    sys.exit(main())
