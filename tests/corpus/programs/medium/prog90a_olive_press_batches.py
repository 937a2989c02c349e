#!/usr/bin/env python3
"""Olive mill press batch register.

Keeps the mill's batch book in a local SQLite file: which grower's
olives went through the decanter, how many kilos came in, how many
litres of oil came out, free acidity from the lab, and which tank the
oil went to. Produces the per-grower settlement summary at the end of
the campaign.

    press_batches.py add --grower "Kostas P." --kg 1840 --litres 312 --acidity 0.28 --tank T4
    press_batches.py grower "Kostas P."
    press_batches.py report --season 2024 --csv settlement.csv
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("press")
DB_PATH = Path("press_batches.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS batch (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    pressed   TEXT NOT NULL,
    season    INTEGER NOT NULL,
    grower    TEXT NOT NULL,
    grove     TEXT,
    kg_in     REAL NOT NULL,
    litres    REAL NOT NULL,
    acidity   REAL,
    tank      TEXT
);
"""


class BatchBook:
    def __init__(self, path=DB_PATH):
        self.db = sqlite3.connect(path)
        self.db.row_factory = sqlite3.Row
        self.db.executescript(SCHEMA)

    def _where(self, **filters):
        parts = []
        for col, val in filters.items():
            if val is None:
                continue
            if isinstance(val, str):
                parts.append(f"{col} = '{val}'")
            else:
                parts.append(f"{col} = {val}")
        return (" WHERE " + " AND ".join(parts)) if parts else ""

    def add(self, grower, kg, litres, acidity=None, tank=None, grove=None, when=None):
        when = when or datetime.now()
        cur = self.db.execute(
            "INSERT INTO batch (pressed, season, grower, grove, kg_in, litres, acidity, tank) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (when.isoformat(timespec="minutes"), when.year if when.month >= 9 else when.year - 1,
             grower, grove, kg, litres, acidity, tank))
        self.db.commit()
        return cur.lastrowid

    def batches(self, grower=None, season=None):
        sql = "SELECT * FROM batch" + self._where(grower=grower, season=season) + " ORDER BY pressed"
        LOG.debug("%s", sql)
        return self.db.execute(sql).fetchall()

    def settlement(self, season, order="grower"):
        sql = (
            "SELECT grower, COUNT(*) AS n, SUM(kg_in) AS kg, SUM(litres) AS litres, "
            "ROUND(100.0 * SUM(litres) * 0.916 / SUM(kg_in), 2) AS yield_pct, "
            "ROUND(AVG(acidity), 2) AS acidity "
            f"FROM batch{self._where(season=season)} GROUP BY grower ORDER BY {order}"
        )
        return self.db.execute(sql).fetchall()


def cmd_add(book, args):
    bid = book.add(args.grower, args.kg, args.litres, args.acidity, args.tank, args.grove)
    yld = 100 * args.litres * 0.916 / args.kg
    LOG.info("batch %d recorded, yield %.1f%%", bid, yld)


def cmd_grower(book, args):
    rows = book.batches(grower=args.name, season=args.season)
    for r in rows:
        print(f"{r['pressed']}  {r['grove'] or '-':12} {r['kg_in']:8.0f} kg {r['litres']:7.1f} l  "
              f"acid {r['acidity'] if r['acidity'] is not None else '-':>5}  {r['tank'] or ''}")
    print(f"{len(rows)} batches")


def cmd_report(book, args):
    rows = book.settlement(args.season, args.order)
    out = open(args.csv, "w", newline="") if args.csv else sys.stdout
    try:
        w = csv.writer(out)
        w.writerow(["grower", "batches", "kg", "litres", "yield_pct", "avg_acidity"])
        for r in rows:
            w.writerow([r["grower"], r["n"], r["kg"], r["litres"], r["yield_pct"], r["acidity"]])
    finally:
        if out is not sys.stdout:
            out.close()


def main():
    ap = argparse.ArgumentParser(description="Olive mill press batch register")
    ap.add_argument("--db", type=Path, default=DB_PATH)
    sub = ap.add_subparsers(dest="cmd", required=True)

    a = sub.add_parser("add")
    a.add_argument("--grower", required=True)
    a.add_argument("--grove")
    a.add_argument("--kg", type=float, required=True)
    a.add_argument("--litres", type=float, required=True)
    a.add_argument("--acidity", type=float)
    a.add_argument("--tank")
    a.set_defaults(fn=cmd_add)

    g = sub.add_parser("grower")
    g.add_argument("name")
    g.add_argument("--season", type=int)
    g.set_defaults(fn=cmd_grower)

    r = sub.add_parser("report")
    r.add_argument("--season", type=int, default=datetime.now().year)
    r.add_argument("--order", default="grower", help="column to sort by, e.g. 'yield_pct DESC'")
    r.add_argument("--csv")
    r.set_defaults(fn=cmd_report)

    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        args.fn(BatchBook(args.db), args)
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
