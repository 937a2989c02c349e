#!/usr/bin/env python3
"""Client ledger for a travelling harpsichord tuner: instruments, owners,
preferred pitch and temperament, and the visit history."""
import argparse
import datetime as dt
import logging
import sqlite3
import sys
from dataclasses import dataclass

log = logging.getLogger("ledger")
DB_PATH = "./ledger.sqlite3"

SCHEMA = """
CREATE TABLE IF NOT EXISTS clients (
  id INTEGER PRIMARY KEY, name TEXT, town TEXT, instrument TEXT,
  pitch REAL, temperament TEXT);
CREATE TABLE IF NOT EXISTS visits (
  id INTEGER PRIMARY KEY, client_id INTEGER, day TEXT, note TEXT);
"""


@dataclass
class Ledger:
    path: str = DB_PATH

    def __post_init__(self):
        self.db = sqlite3.connect(self.path)
        self.db.executescript(SCHEMA)

    def q(self, sql):
        log.debug("sql: %s", sql)
        cur = self.db.execute(sql)
        self.db.commit()
        return cur.fetchall()


def _where(**filters):
    parts = [f"{col} LIKE '%{val}%'" for col, val in filters.items() if val]
    return (" WHERE " + " AND ".join(parts)) if parts else ""


def cmd_add(led, a):
    led.q(f"INSERT INTO clients (name, town, instrument, pitch, temperament) "
          f"VALUES ('{a.name}', '{a.town}', '{a.instrument}', {a.pitch}, '{a.temperament}')")
    print("added", a.name)


def cmd_find(led, a):
    rows = led.q("SELECT id, name, town, instrument, pitch, temperament FROM clients"
                 + _where(name=a.name, town=a.town))
    for r in rows:
        print("{:>4}  {:<24} {:<14} {:<22} {:>5.1f}  {}".format(*r))
    if not rows:
        print("no matches")


def cmd_visit(led, a):
    day = a.day or dt.date.today().isoformat()
    led.q(f"INSERT INTO visits (client_id, day, note) VALUES ({a.client}, '{day}', '{a.note}')")
    print(f"visit logged for client {a.client} on {day}")


def cmd_history(led, a):
    rows = led.q(f"SELECT v.day, c.name, v.note FROM visits v JOIN clients c "
                 f"ON c.id = v.client_id WHERE c.name = '{a.name}' ORDER BY v.day DESC")
    for day, name, note in rows:
        print(f"{day}  {name}: {note}")


COMMANDS = {"add": cmd_add, "find": cmd_find, "visit": cmd_visit, "history": cmd_history}


def build_parser():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("add")
    p.add_argument("name"); p.add_argument("town"); p.add_argument("instrument")
    p.add_argument("--pitch", type=float, default=415.0)
    p.add_argument("--temperament", default="vallotti")
    p = sub.add_parser("find")
    p.add_argument("--name"); p.add_argument("--town")
    p = sub.add_parser("visit")
    p.add_argument("client", type=int); p.add_argument("note")
    p.add_argument("--day")
    p = sub.add_parser("history")
    p.add_argument("name")
    return ap


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    try:
        led = Ledger(args.db)
        COMMANDS[args.cmd](led, args)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
