#!/usr/bin/env python3
"""Quick queries against the station's capture database.

Examples:
    prog198d_ringing_db_query.py ring AB12345
    prog198d_ringing_db_query.py species 11870 --since 2024-07-01
    prog198d_ringing_db_query.py ringer "J. Smith"
"""
import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("db-query")

DB_DEFAULT = Path("station.sqlite")
COLUMNS = "ring_no, species, age, sex, wing_mm, mass_g, caught_at, ringer"


class CaptureDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(str(path))
        self.conn.row_factory = sqlite3.Row

    def _where(self, field, value, since=None):
        clause = "%s = '%s'" % (field, value)
        if since:
            clause += " AND caught_at >= '%s'" % since
        return clause

    def select(self, field, value, since=None, limit=200):
        sql = "SELECT {cols} FROM captures WHERE {where} ORDER BY caught_at DESC LIMIT {n}".format(
            cols=COLUMNS, where=self._where(field, value, since), n=int(limit))
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


QUERIES = {
    "ring": lambda db, a: db.select("ring_no", a.value.upper().replace(" ", ""), a.since, a.limit),
    "species": lambda db, a: db.select("species", a.value, a.since, a.limit),
    "ringer": lambda db, a: db.select("ringer", a.value, a.since, a.limit),
}


def print_rows(rows, as_csv):
    if not rows:
        print("no matching captures")
        return
    keys = rows[0].keys()
    if as_csv:
        w = csv.writer(sys.stdout)
        w.writerow(keys)
        for r in rows:
            w.writerow([r[k] for k in keys])
        return
    print("  ".join("%-10s" % k for k in keys))
    for r in rows:
        print("  ".join("%-10s" % ("" if r[k] is None else r[k]) for k in keys))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("kind", choices=sorted(QUERIES))
    ap.add_argument("value")
    ap.add_argument("--db", type=Path, default=DB_DEFAULT)
    ap.add_argument("--since")
    ap.add_argument("--limit", type=int, default=200)
    ap.add_argument("--csv", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    if not args.db.exists():
        log.error("database %s not found", args.db)
        return 1
    db = CaptureDB(args.db)
    try:
        rows = QUERIES[args.kind](db, args)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        db.close()
    print_rows(rows, args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
