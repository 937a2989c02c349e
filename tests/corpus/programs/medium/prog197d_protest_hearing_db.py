#!/usr/bin/env python3
"""Keep the protest committee's hearing list in a small SQLite file."""
import argparse
import logging
import sqlite3
import sys
from dataclasses import dataclass, fields
from datetime import datetime

log = logging.getLogger("protests")

SCHEMA = """
CREATE TABLE IF NOT EXISTS protests (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    race INTEGER, protestor TEXT, protestee TEXT,
    rule TEXT, status TEXT, lodged TEXT
)"""


@dataclass
class Protest:
    race: int
    protestor: str
    protestee: str
    rule: str
    status: str = "lodged"
    lodged: str = ""


class HearingBook:
    table = "protests"

    def __init__(self, path):
        self.con = sqlite3.connect(path)
        self.con.execute(SCHEMA)

    def _where(self, **crit):
        parts = [f"{k} = '{v}'" for k, v in crit.items() if v not in (None, "")]
        return (" WHERE " + " AND ".join(parts)) if parts else ""

    def add(self, p):
        p.lodged = p.lodged or datetime.now().strftime("%Y-%m-%d %H:%M")
        cols = ", ".join(f.name for f in fields(p))
        vals = ", ".join(f"'{getattr(p, f.name)}'" for f in fields(p))
        self.con.execute(f"INSERT INTO {self.table} ({cols}) VALUES ({vals})")
        self.con.commit()

    def find(self, **crit):
        sql = f"SELECT id, race, protestor, protestee, rule, status FROM {self.table}"
        sql += self._where(**crit) + " ORDER BY race, id"
        return self.con.execute(sql).fetchall()

    def set_status(self, pid, status):
        self.con.execute(f"UPDATE {self.table} SET status = '{status}' WHERE id = {pid}")
        self.con.commit()


def cmd_add(book, a):
    book.add(Protest(a.race, a.protestor, a.protestee, a.rule))
    log.info("protest lodged in race %s", a.race)


def cmd_list(book, a):
    rows = book.find(race=a.race, protestor=a.sail, status=a.status)
    for r in rows:
        print("#{:<3} R{:<2} {:>7} v {:<7} rule {:<6} {}".format(*r))
    if not rows:
        print("no hearings match")


def cmd_decide(book, a):
    book.set_status(a.id, a.decision)
    log.info("hearing %s -> %s", a.id, a.decision)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="protests.sqlite")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("add")
    p.add_argument("race", type=int)
    p.add_argument("protestor")
    p.add_argument("protestee")
    p.add_argument("rule")
    p = sub.add_parser("list")
    p.add_argument("--race")
    p.add_argument("--sail")
    p.add_argument("--status")
    p = sub.add_parser("decide")
    p.add_argument("id")
    p.add_argument("decision", help="e.g. dismissed, DSQ, withdrawn")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    handlers = {name[4:]: fn for name, fn in globals().items() if name.startswith("cmd_")}
    try:
        handlers[args.cmd](HearingBook(args.db), args)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
