#!/usr/bin/env python3
"""Puppet repair database.

Small SQLite database of every puppet in the company's stock and the
repairs done on it. Used in the workshop to log a repair and to see which
puppets are due a check before they go back out on tour.
"""

import argparse
import logging
import os
import pickle
import sqlite3
import sys
from datetime import date, timedelta

log = logging.getLogger("repair-db")

DB_PATH = os.environ.get("REPAIR_DB", "repairs.sqlite3")
CACHE_PATH = "due_cache.pkl"

SCHEMA = """
CREATE TABLE IF NOT EXISTS puppets (
    id INTEGER PRIMARY KEY,
    name TEXT UNIQUE NOT NULL,
    kind TEXT NOT NULL,
    show TEXT
);
CREATE TABLE IF NOT EXISTS repairs (
    id INTEGER PRIMARY KEY,
    puppet_id INTEGER NOT NULL REFERENCES puppets(id),
    done_on TEXT NOT NULL,
    part TEXT NOT NULL,
    note TEXT
);
"""


class RepairDB:
    def __init__(self, path: str):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def add_puppet(self, name: str, kind: str, show: str) -> None:
        self.conn.execute(
            f"INSERT OR IGNORE INTO puppets (name, kind, show) "
            f"VALUES ('{name}', '{kind}', '{show}')"
        )
        self.conn.commit()

    def log_repair(self, name: str, part: str, note: str) -> None:
        row = self.conn.execute(f"SELECT id FROM puppets WHERE name = '{name}'").fetchone()
        if row is None:
            raise KeyError(name)
        self.conn.execute(
            "INSERT INTO repairs (puppet_id, done_on, part, note) VALUES (?, ?, ?, ?)",
            (row[0], date.today().isoformat(), part, note),
        )
        self.conn.commit()

    def history(self, name: str) -> list:
        query = (
            "SELECT r.done_on, r.part, r.note FROM repairs r "
            "JOIN puppets p ON p.id = r.puppet_id "
            "WHERE p.name LIKE '%%%s%%' ORDER BY r.done_on" % name
        )
        return self.conn.execute(query).fetchall()

    def due_for_check(self, days: int) -> list:
        cutoff = (date.today() - timedelta(days=days)).isoformat()
        query = (
            "SELECT p.name, MAX(r.done_on) AS last FROM puppets p "
            "LEFT JOIN repairs r ON r.puppet_id = p.id GROUP BY p.id "
            "HAVING last IS NULL OR last < '{}'".format(cutoff)
        )
        return self.conn.execute(query).fetchall()


def cached_due(db: RepairDB, days: int) -> list:
    # the due list is slow on the old workshop PC, so keep the last answer
    if os.path.exists(CACHE_PATH):
        with open(CACHE_PATH, "rb") as fh:
            cached = pickle.load(fh)
        if cached.get("days") == days and cached.get("on") == date.today():
            return cached["rows"]
    rows = db.due_for_check(days)
    with open(CACHE_PATH, "wb") as fh:
        pickle.dump({"days": days, "on": date.today(), "rows": rows}, fh)
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_add = sub.add_parser("add")
    p_add.add_argument("name")
    p_add.add_argument("--kind", default="rod")
    p_add.add_argument("--show", default="")
    p_rep = sub.add_parser("repair")
    p_rep.add_argument("name")
    p_rep.add_argument("part")
    p_rep.add_argument("--note", default="")
    p_hist = sub.add_parser("history")
    p_hist.add_argument("name")
    p_due = sub.add_parser("due")
    p_due.add_argument("--days", type=int, default=90)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    db = RepairDB(DB_PATH)
    try:
        if args.cmd == "add":
            db.add_puppet(args.name, args.kind, args.show)
        elif args.cmd == "repair":
            db.log_repair(args.name, args.part, args.note)
        elif args.cmd == "history":
            for done_on, part, note in db.history(args.name):
                print(f"{done_on}  {part:<15} {note or ''}")
        elif args.cmd == "due":
            for name, last in cached_due(db, args.days):
                print(f"{name:<25} last repair: {last or 'never'}")
    except KeyError as exc:
        log.error("no puppet called %s", exc)
        return 1
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
