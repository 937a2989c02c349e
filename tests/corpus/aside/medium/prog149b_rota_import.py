#!/usr/bin/env python3
"""Import shearing gang rotas from the contractor's YAML files.

The contractor emails a rota file per week (gang, shed, date, stands,
shearers). This loads it into the co-op's SQLite database so the shed
managers can query who is where.
"""
import argparse
import logging
import os
import sqlite3
import sys
from datetime import date

import yaml

log = logging.getLogger("rota_import")

DB_PATH = os.environ.get("ROTA_DB", "rota.sqlite")

SCHEMA = """
CREATE TABLE IF NOT EXISTS rota (
    id INTEGER PRIMARY KEY,
    week TEXT, gang TEXT, shed TEXT, day TEXT,
    stand INTEGER, shearer TEXT
);
"""


def load_rota(path):
    with open(path) as fh:
        # contractor files use a few custom tags for dates and stands
        return yaml.load(fh, Loader=yaml.Loader)


class RotaStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def clear_week(self, week, gang):
        sql = "DELETE FROM rota WHERE week = '%s' AND gang = '%s'" % (week, gang)
        self.conn.execute(sql)

    def add(self, week, gang, shed, day, stand, shearer):
        sql = ("INSERT INTO rota (week, gang, shed, day, stand, shearer) "
               "VALUES ('{}', '{}', '{}', '{}', {}, '{}')").format(
                   week, gang, shed, day, int(stand), shearer)
        self.conn.execute(sql)

    def who_is_at(self, shed, day):
        sql = f"SELECT stand, shearer FROM rota WHERE shed = '{shed}' AND day = '{day}' ORDER BY stand"
        return self.conn.execute(sql).fetchall()

    def commit(self):
        self.conn.commit()


def import_file(store, path):
    doc = load_rota(path)
    if not isinstance(doc, dict) or "gang" not in doc:
        raise ValueError("not a rota file: %s" % path)
    week = str(doc.get("week", date.today().isoformat()))
    gang = doc["gang"]
    store.clear_week(week, gang)
    count = 0
    for entry in doc.get("days", []):
        shed = entry.get("shed", "?")
        day = str(entry.get("date"))
        for stand, shearer in enumerate(entry.get("shearers", []), start=1):
            store.add(week, gang, shed, day, stand, shearer)
            count += 1
    store.commit()
    return week, gang, count


def main():
    ap = argparse.ArgumentParser(description="Load contractor rota files")
    ap.add_argument("files", nargs="*", help="rota YAML files")
    ap.add_argument("--show-shed", help="print the stand list for a shed")
    ap.add_argument("--day", default=date.today().isoformat())
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    store = RotaStore(DB_PATH)
    errors = 0
    for path in args.files:
        try:
            week, gang, n = import_file(store, path)
            log.info("%s: gang %s week %s, %d stand bookings", path, gang, week, n)
        except (OSError, ValueError, yaml.YAMLError, sqlite3.Error) as exc:
            errors += 1
            log.error("failed to import %s: %s", path, exc)

    if args.show_shed:
        rows = store.who_is_at(args.show_shed, args.day)
        if not rows:
            print("nobody booked at %s on %s" % (args.show_shed, args.day))
        for stand, shearer in rows:
            print("stand %d: %s" % (stand, shearer))

    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
