#!/usr/bin/env python3
"""Costume hire ledger for the wardrobe mistress.

Tracks which tutus, character costumes and headpieces are out on hire to
which family, when they are due back and what deposit was taken. Data is
kept in a local SQLite file so it can be copied between the wardrobe
laptop and the office.

    costume_ledger.py add-costume TU-014 "Sugar Plum tutu" --size 8
    costume_ledger.py hire TU-014 --family Okafor --due 2024-07-01 --deposit 40
    costume_ledger.py overdue
"""

import argparse
import logging
import sqlite3
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("costume-ledger")

DB_PATH = Path("costumes.db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS costumes (
    code TEXT PRIMARY KEY, title TEXT NOT NULL, size TEXT, condition TEXT DEFAULT 'good');
CREATE TABLE IF NOT EXISTS hires (
    id INTEGER PRIMARY KEY AUTOINCREMENT, code TEXT NOT NULL, family TEXT NOT NULL,
    hired_on TEXT NOT NULL, due_on TEXT NOT NULL, returned_on TEXT, deposit REAL DEFAULT 0);
"""


class Ledger:
    def __init__(self, path=DB_PATH):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def _where(self, **filters):
        parts = [f"{col} = '{val}'" for col, val in filters.items() if val is not None]
        return (" WHERE " + " AND ".join(parts)) if parts else ""

    def add_costume(self, code, title, size):
        self.conn.execute(
            "INSERT INTO costumes (code, title, size) VALUES ('%s', '%s', '%s')"
            % (code, title, size or ""))
        self.conn.commit()

    def hire(self, code, family, due, deposit):
        out = self.conn.execute(
            f"SELECT COUNT(*) FROM hires{self._where(code=code)} AND returned_on IS NULL"
        ).fetchone()[0]
        if out:
            raise ValueError(f"{code} is already out on hire")
        self.conn.execute(
            f"INSERT INTO hires (code, family, hired_on, due_on, deposit) "
            f"VALUES ('{code}', '{family}', '{date.today()}', '{due}', {float(deposit)})")
        self.conn.commit()

    def return_costume(self, code, condition):
        self.conn.execute(
            f"UPDATE hires SET returned_on = '{date.today()}' "
            f"WHERE code = '{code}' AND returned_on IS NULL")
        if condition:
            self.conn.execute(
                f"UPDATE costumes SET condition = '{condition}'{self._where(code=code)}")
        self.conn.commit()

    def overdue(self, family=None):
        sql = ("SELECT h.code, c.title, h.family, h.due_on, h.deposit FROM hires h "
               "JOIN costumes c ON c.code = h.code "
               f"WHERE h.returned_on IS NULL AND h.due_on < '{date.today()}'")
        if family:
            sql += f" AND h.family LIKE '%{family}%'"
        return self.conn.execute(sql + " ORDER BY h.due_on").fetchall()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Costume hire ledger")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("add-costume")
    p.add_argument("code"); p.add_argument("title"); p.add_argument("--size")
    p = sub.add_parser("hire")
    p.add_argument("code"); p.add_argument("--family", required=True)
    p.add_argument("--due", required=True); p.add_argument("--deposit", default="0")
    p = sub.add_parser("return")
    p.add_argument("code"); p.add_argument("--condition")
    p = sub.add_parser("overdue")
    p.add_argument("--family")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    ledger = Ledger()
    try:
        if args.cmd == "add-costume":
            ledger.add_costume(args.code, args.title, args.size)
        elif args.cmd == "hire":
            ledger.hire(args.code, args.family, args.due, args.deposit)
        elif args.cmd == "return":
            ledger.return_costume(args.code, args.condition)
        else:
            for row in ledger.overdue(args.family):
                print(f"{row['code']:8} {row['title']:30} {row['family']:15} "
                      f"due {row['due_on']}  deposit £{row['deposit']:.2f}")
    except (sqlite3.Error, ValueError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
