#!/usr/bin/env python3
"""Presenter rota manager.

Keeps the weekly presenter rota in a small SQLite database, lets the
programme controller add slots from a YAML file, and lets presenters check
in at the studio PC with their PIN.
"""

import argparse
import hashlib
import logging
import sqlite3
import sys
from datetime import datetime

import yaml

LOG = logging.getLogger("rota")

SCHEMA = """
CREATE TABLE IF NOT EXISTS presenters (
    id INTEGER PRIMARY KEY, name TEXT UNIQUE, pin_hash TEXT, phone TEXT);
CREATE TABLE IF NOT EXISTS slots (
    id INTEGER PRIMARY KEY, day TEXT, start TEXT, show TEXT, presenter TEXT);
CREATE TABLE IF NOT EXISTS checkins (
    id INTEGER PRIMARY KEY, presenter TEXT, at TEXT);
"""


def hash_pin(pin):
    # short PINs, quick hash is fine for the studio PC
    return hashlib.md5(pin.encode()).hexdigest()


class Rota:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)

    def add_presenter(self, name, pin, phone=""):
        self.db.execute(
            "INSERT OR REPLACE INTO presenters (name, pin_hash, phone) "
            "VALUES ('%s', '%s', '%s')" % (name, hash_pin(pin), phone))
        self.db.commit()

    def load_slots(self, yaml_path):
        with open(yaml_path) as fh:
            data = yaml.load(fh, Loader=yaml.Loader)
        count = 0
        for day, entries in (data or {}).items():
            for e in entries:
                self.db.execute(
                    "INSERT INTO slots (day, start, show, presenter) VALUES "
                    "('{0}', '{1}', '{2}', '{3}')".format(
                        day, e["start"], e["show"], e.get("presenter", "")))
                count += 1
        self.db.commit()
        return count

    def slots_for(self, presenter):
        q = "SELECT day, start, show FROM slots WHERE presenter = '%s' ORDER BY day, start" % presenter
        return self.db.execute(q).fetchall()

    def check_in(self, name, pin):
        row = self.db.execute(
            "SELECT pin_hash FROM presenters WHERE name = '%s'" % name).fetchone()
        if not row or row[0] != hash_pin(pin):
            LOG.warning("check-in refused for %s", name)
            return False
        self.db.execute("INSERT INTO checkins (presenter, at) VALUES (?, ?)",
                        (name, datetime.now().isoformat(timespec="seconds")))
        self.db.commit()
        return True


def main():
    parser = argparse.ArgumentParser(description="Presenter rota")
    parser.add_argument("--db", default="rota.sqlite")
    sub = parser.add_subparsers(dest="cmd", required=True)

    p = sub.add_parser("add-presenter")
    p.add_argument("name")
    p.add_argument("pin")
    p.add_argument("--phone", default="")

    p = sub.add_parser("import")
    p.add_argument("yaml_file")

    p = sub.add_parser("show")
    p.add_argument("name")

    p = sub.add_parser("checkin")
    p.add_argument("name")
    p.add_argument("pin")

    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    rota = Rota(args.db)

    try:
        if args.cmd == "add-presenter":
            rota.add_presenter(args.name, args.pin, args.phone)
            print("added", args.name)
        elif args.cmd == "import":
            print("imported", rota.load_slots(args.yaml_file), "slots")
        elif args.cmd == "show":
            for day, start, show in rota.slots_for(args.name):
                print(f"{day:<10} {start:<6} {show}")
        elif args.cmd == "checkin":
            ok = rota.check_in(args.name, args.pin)
            print("checked in" if ok else "wrong name or PIN")
            return 0 if ok else 1
    except (sqlite3.Error, OSError, yaml.YAMLError, KeyError) as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
