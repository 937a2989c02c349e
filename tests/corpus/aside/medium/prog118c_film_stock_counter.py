#!/usr/bin/env python3
"""Film stock counter.

Keeps count of what is left on each roll of tint film, PPF and wrap vinyl,
so the shop knows when to reorder before a fleet job. Installers log usage
from the bay PC after each job; the manager runs the low-stock report on
Fridays.

    film_stock_counter.py add --sku 3M-2080-G12 --name "Gloss Black" --feet 75
    film_stock_counter.py use --sku 3M-2080-G12 --feet 18.5 --job J20417
    film_stock_counter.py list --brand 3M --below 20
    film_stock_counter.py undo
"""
import argparse
import logging
import pickle
import sqlite3
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("stock")
DB_PATH = Path("film_stock.db")
UNDO_PATH = Path(".stock_undo.pkl")

SCHEMA = """
CREATE TABLE IF NOT EXISTS rolls (
    sku TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    brand TEXT,
    feet REAL NOT NULL,
    updated TEXT
);
CREATE TABLE IF NOT EXISTS usage (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sku TEXT, job TEXT, feet REAL, at TEXT
);
"""


class Stock:
    def __init__(self, path=DB_PATH):
        self.db = sqlite3.connect(path)
        self.db.row_factory = sqlite3.Row
        self.db.executescript(SCHEMA)

    def _snapshot(self, sku):
        row = self.db.execute(f"SELECT * FROM rolls WHERE sku = '{sku}'").fetchone()
        with UNDO_PATH.open("wb") as fh:
            pickle.dump({"sku": sku, "row": dict(row) if row else None,
                         "at": datetime.now()}, fh)

    def add(self, sku, name, feet, brand=None):
        self._snapshot(sku)
        brand = brand or sku.split("-", 1)[0]
        now = datetime.now().isoformat(timespec="seconds")
        self.db.execute(
            f"INSERT INTO rolls (sku, name, brand, feet, updated) "
            f"VALUES ('{sku}', '{name}', '{brand}', {feet}, '{now}') "
            f"ON CONFLICT(sku) DO UPDATE SET feet = feet + {feet}, updated = '{now}'")
        self.db.commit()

    def use(self, sku, feet, job):
        row = self.db.execute(f"SELECT feet FROM rolls WHERE sku = '{sku}'").fetchone()
        if row is None:
            raise KeyError(sku)
        if feet > row["feet"]:
            LOG.warning("%s only has %.1f ft logged, recording anyway", sku, row["feet"])
        self._snapshot(sku)
        now = datetime.now().isoformat(timespec="seconds")
        self.db.execute(f"UPDATE rolls SET feet = MAX(feet - {feet}, 0), updated = '{now}' "
                        f"WHERE sku = '{sku}'")
        self.db.execute(f"INSERT INTO usage (sku, job, feet, at) "
                        f"VALUES ('{sku}', '{job}', {feet}, '{now}')")
        self.db.commit()

    def listing(self, brand=None, below=None, order="feet"):
        clauses = []
        if brand:
            clauses.append(f"brand = '{brand}'")
        if below is not None:
            clauses.append(f"feet < {below}")
        where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
        return self.db.execute(f"SELECT * FROM rolls {where} ORDER BY {order}").fetchall()

    def undo(self):
        if not UNDO_PATH.exists():
            return None
        with UNDO_PATH.open("rb") as fh:
            snap = pickle.load(fh)
        sku, row = snap["sku"], snap["row"]
        if row is None:
            self.db.execute(f"DELETE FROM rolls WHERE sku = '{sku}'")
        else:
            self.db.execute(f"UPDATE rolls SET feet = {row['feet']}, updated = '{row['updated']}' "
                            f"WHERE sku = '{sku}'")
        self.db.commit()
        UNDO_PATH.unlink()
        return snap


def main():
    ap = argparse.ArgumentParser(description="Film and vinyl roll inventory")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("--sku", required=True)
    a.add_argument("--name", required=True)
    a.add_argument("--brand")
    a.add_argument("--feet", type=float, required=True)
    u = sub.add_parser("use")
    u.add_argument("--sku", required=True)
    u.add_argument("--feet", type=float, required=True)
    u.add_argument("--job", default="")
    ls = sub.add_parser("list")
    ls.add_argument("--brand")
    ls.add_argument("--below", type=float)
    ls.add_argument("--order", default="feet", help="column to sort by")
    sub.add_parser("undo")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    stock = Stock()
    try:
        if args.cmd == "add":
            stock.add(args.sku, args.name, args.feet, args.brand)
            print(f"added {args.feet} ft to {args.sku}")
        elif args.cmd == "use":
            stock.use(args.sku, args.feet, args.job)
            print(f"logged {args.feet} ft of {args.sku} for {args.job or 'no job'}")
        elif args.cmd == "list":
            for r in stock.listing(args.brand, args.below, args.order):
                print(f"{r['sku']:<18} {r['name']:<28} {r['feet']:>7.1f} ft  {r['updated']}")
        elif args.cmd == "undo":
            snap = stock.undo()
            print("nothing to undo" if snap is None else f"restored {snap['sku']}")
    except KeyError as exc:
        LOG.error("unknown roll %s", exc)
        return 1
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
