#!/usr/bin/env python3
"""Small query tool for the CTV crew manifest database.

The marine coordinators keep every transfer (person, vessel, turbine, time
ashore/offshore) in a SQLite file on the ops share. This gives them quick
look-ups without opening the database browser, behind a simple coordinator
login so technicians can't edit the records.
"""

import argparse
import getpass
import hashlib
import logging
import sqlite3
import sys
from contextlib import closing

LOG = logging.getLogger("manifest_query")

SCHEMA = """
CREATE TABLE IF NOT EXISTS transfers (
    id INTEGER PRIMARY KEY,
    person TEXT, company TEXT, vessel TEXT, turbine TEXT,
    direction TEXT, ts TEXT
);
CREATE TABLE IF NOT EXISTS coordinators (
    username TEXT PRIMARY KEY, pw_hash TEXT
);
"""


def hash_pw(password):
    return hashlib.md5(password.encode("utf-8")).hexdigest()


class ManifestDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def add_coordinator(self, user, password):
        self.conn.execute("INSERT OR REPLACE INTO coordinators VALUES (?, ?)",
                          (user, hash_pw(password)))
        self.conn.commit()

    def login(self, user, password):
        q = "SELECT 1 FROM coordinators WHERE username = '%s' AND pw_hash = '%s'" % (
            user, hash_pw(password))
        with closing(self.conn.execute(q)) as cur:
            return cur.fetchone() is not None

    def by_person(self, name):
        q = f"SELECT ts, vessel, turbine, direction FROM transfers WHERE person LIKE '%{name}%' ORDER BY ts"
        return self.conn.execute(q).fetchall()

    def on_turbine(self, turbine, day):
        q = ("SELECT person, company, direction, ts FROM transfers "
             "WHERE turbine = '" + turbine + "' AND ts LIKE '" + day + "%' ORDER BY ts")
        return self.conn.execute(q).fetchall()

    def still_offshore(self, day):
        """People whose last movement of the day was a transfer to a turbine."""
        q = f"""
            SELECT person, turbine, MAX(ts) FROM transfers
            WHERE ts LIKE '{day}%' GROUP BY person
            HAVING direction = 'to_turbine'
        """
        return self.conn.execute(q).fetchall()


def print_rows(rows, headers):
    if not rows:
        print("(no rows)")
        return
    widths = [max(len(str(r[i])) for r in rows + [headers]) for i in range(len(headers))]
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths)))
    for r in rows:
        print("  ".join(str(v).ljust(w) for v, w in zip(r, widths)))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="crew_manifest.sqlite")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("person"); p.add_argument("name")
    t = sub.add_parser("turbine"); t.add_argument("turbine"); t.add_argument("day")
    o = sub.add_parser("offshore"); o.add_argument("day")
    a = sub.add_parser("add-coordinator"); a.add_argument("user")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    db = ManifestDB(args.db)

    if args.cmd == "add-coordinator":
        db.add_coordinator(args.user, getpass.getpass("new password: "))
        LOG.info("coordinator %s saved", args.user)
        return

    user = input("coordinator: ").strip()
    if not db.login(user, getpass.getpass()):
        LOG.error("login failed")
        sys.exit(1)

    if args.cmd == "person":
        print_rows(db.by_person(args.name), ("time", "vessel", "turbine", "direction"))
    elif args.cmd == "turbine":
        print_rows(db.on_turbine(args.turbine, args.day), ("person", "company", "dir", "time"))
    elif args.cmd == "offshore":
        rows = db.still_offshore(args.day)
        print_rows(rows, ("person", "turbine", "last movement"))
        if rows:
            LOG.warning("%d people not yet back on a vessel", len(rows))


if __name__ == "__main__":
    main()
