#!/usr/bin/env python3
"""Quick patient lookup for reception against the practice SQLite export.

Searches by owner surname, pet name or microchip and prints the matches.
Uses the sqlite3 command-line shell so the output matches what the
practice manager sees when she runs the same queries by hand, and keeps a
CSV of each search in ./lookups/.
"""
import argparse
import csv
import io
import logging
import os
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("patient-lookup")

DB_PATH = Path(os.environ.get("PRACTICE_DB", "practice_export.sqlite"))
OUT_DIR = Path("lookups")

BASE_QUERY = """
SELECT p.id, p.name, p.species, p.breed, o.surname, o.phone, p.microchip,
       (SELECT MAX(v.visit_date) FROM visits v WHERE v.patient_id = p.id) AS last_visit
FROM patients p JOIN owners o ON o.id = p.owner_id
"""


class LookupError_(Exception):
    pass


class PatientLookup:
    def __init__(self, db_path, limit):
        self.db_path = db_path
        self.limit = limit
        self.sqlite = shutil.which("sqlite3")
        if not self.sqlite:
            raise LookupError_("sqlite3 command-line shell not installed")

    def build_query(self, surname=None, pet=None, chip=None, species=None):
        clauses = []
        if surname:
            clauses.append(f"o.surname LIKE '{surname}%'")
        if pet:
            clauses.append(f"p.name LIKE '%{pet}%'")
        if chip:
            clauses.append(f"p.microchip = '{chip}'")
        if species:
            clauses.append(f"p.species = '{species}'")
        if not clauses:
            raise LookupError_("give at least one search term")
        where = " AND ".join(clauses)
        return f"{BASE_QUERY} WHERE {where} ORDER BY o.surname, p.name LIMIT {self.limit};"

    def run(self, sql):
        LOG.debug("SQL: %s", sql)
        script = ".headers on\n.mode csv\n" + sql + "\n"
        res = subprocess.run([self.sqlite, "-batch", str(self.db_path)],
                             input=script, capture_output=True, text=True,
                             timeout=30)
        if res.returncode != 0:
            raise LookupError_(res.stderr.strip() or "sqlite3 failed")
        return list(csv.DictReader(io.StringIO(res.stdout)))


def print_table(rows):
    if not rows:
        print("no matches")
        return
    cols = ["id", "name", "species", "breed", "surname", "phone", "last_visit"]
    widths = {c: max(len(c), *(len(r.get(c) or "") for r in rows)) for c in cols}
    print("  ".join(c.ljust(widths[c]) for c in cols))
    for r in rows:
        print("  ".join((r.get(c) or "").ljust(widths[c]) for c in cols))


def save(rows, label):
    OUT_DIR.mkdir(exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = OUT_DIR / f"lookup-{label}-{stamp}.csv"
    with path.open("w", newline="") as fh:
        if rows:
            w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
            w.writeheader()
            w.writerows(rows)
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--surname")
    ap.add_argument("--pet")
    ap.add_argument("--chip")
    ap.add_argument("--species")
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--no-save", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not DB_PATH.exists():
        LOG.error("database %s not found", DB_PATH)
        return 1
    try:
        lookup = PatientLookup(DB_PATH, args.limit)
        sql = lookup.build_query(args.surname, args.pet, args.chip, args.species)
        rows = lookup.run(sql)
    except LookupError_ as exc:
        LOG.error("%s", exc)
        return 1
    print_table(rows)
    if not args.no_save:
        label = (args.surname or args.pet or args.chip or "search").replace("/", "_")
        LOG.info("saved to %s", save(rows, label))
    return 0


if __name__ == "__main__":
    sys.exit(main())
