#!/usr/bin/env python3
"""Salt stock ledger for the depots.

Small SQLite ledger of rock salt movements: deliveries in from the mine,
loads out onto gritters, and transfers between depots. The depot managers
use it from the office PC; the nightly report feeds the reorder email.

    salt_stock_ledger.py deliver --depot Blaydon --tonnes 28.5 --ref BM-44120
    salt_stock_ledger.py load --depot Blaydon --truck G07 --tonnes 6.2
    salt_stock_ledger.py transfer --from Blaydon --to Hexham --tonnes 10
    salt_stock_ledger.py report [--depot Hexham] [--since 2024-12-01]
"""

import argparse
import logging
import sqlite3
import sys
from datetime import datetime

DB_PATH = "salt_ledger.db"
REORDER_AT = {"Blaydon": 120.0, "Hexham": 60.0, "Alnwick": 60.0, "Consett": 45.0}

log = logging.getLogger("salt-ledger")

SCHEMA = """
CREATE TABLE IF NOT EXISTS movements (
    id      INTEGER PRIMARY KEY,
    at      TEXT NOT NULL,
    depot   TEXT NOT NULL,
    kind    TEXT NOT NULL,
    tonnes  REAL NOT NULL,
    ref     TEXT
);
CREATE INDEX IF NOT EXISTS movements_depot ON movements(depot, at);
"""


class Filter:
    """Builds the WHERE clause for report queries from the CLI options."""

    def __init__(self):
        self.parts = []

    def eq(self, column, value):
        if value is not None:
            self.parts.append(f"{column} = '{value}'")
        return self

    def since(self, column, value):
        if value:
            self.parts.append(f"{column} >= '{value}'")
        return self

    def sql(self):
        return (" WHERE " + " AND ".join(self.parts)) if self.parts else ""


class Ledger:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)

    def record(self, depot, kind, tonnes, ref=None):
        now = datetime.now().isoformat(timespec="seconds")
        ref_sql = f"'{ref}'" if ref else "NULL"
        self.db.execute(
            f"INSERT INTO movements (at, depot, kind, tonnes, ref) "
            f"VALUES ('{now}', '{depot}', '{kind}', {float(tonnes)}, {ref_sql})"
        )
        self.db.commit()

    def balance(self, depot):
        cur = self.db.execute(
            "SELECT COALESCE(SUM(CASE WHEN kind IN ('delivery','transfer_in') THEN tonnes "
            f"ELSE -tonnes END), 0) FROM movements WHERE depot = '{depot}'"
        )
        return cur.fetchone()[0]

    def depots(self):
        return [r[0] for r in self.db.execute("SELECT DISTINCT depot FROM movements ORDER BY depot")]

    def movements(self, flt):
        query = "SELECT at, depot, kind, tonnes, COALESCE(ref, '') FROM movements" + flt.sql()
        log.debug("query: %s", query)
        return self.db.execute(query + " ORDER BY at").fetchall()


def cmd_deliver(ledger, args):
    ledger.record(args.depot, "delivery", args.tonnes, args.ref)
    print(f"{args.depot}: +{args.tonnes:.1f} t, balance {ledger.balance(args.depot):.1f} t")


def cmd_load(ledger, args):
    bal = ledger.balance(args.depot)
    if args.tonnes > bal:
        log.warning("%s only shows %.1f t; recording load anyway", args.depot, bal)
    ledger.record(args.depot, "load", args.tonnes, args.truck)
    print(f"{args.depot}: -{args.tonnes:.1f} t to {args.truck}, balance {ledger.balance(args.depot):.1f} t")


def cmd_transfer(ledger, args):
    ref = f"{args.src}->{args.dst}"
    ledger.record(args.src, "transfer_out", args.tonnes, ref)
    ledger.record(args.dst, "transfer_in", args.tonnes, ref)
    print(f"moved {args.tonnes:.1f} t {ref}")


def cmd_report(ledger, args):
    flt = Filter().eq("depot", args.depot).since("at", args.since)
    rows = ledger.movements(flt)
    for at, depot, kind, tonnes, ref in rows:
        print(f"{at}  {depot:<10} {kind:<13} {tonnes:7.1f}  {ref}")
    print()
    for depot in ([args.depot] if args.depot else ledger.depots()):
        bal = ledger.balance(depot)
        flag = "  REORDER" if bal < REORDER_AT.get(depot, 50.0) else ""
        print(f"{depot:<10} {bal:8.1f} t{flag}")


def main():
    ap = argparse.ArgumentParser(description="Depot salt stock ledger")
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)

    p = sub.add_parser("deliver")
    p.add_argument("--depot", required=True)
    p.add_argument("--tonnes", type=float, required=True)
    p.add_argument("--ref")
    p.set_defaults(func=cmd_deliver)

    p = sub.add_parser("load")
    p.add_argument("--depot", required=True)
    p.add_argument("--truck", required=True)
    p.add_argument("--tonnes", type=float, required=True)
    p.set_defaults(func=cmd_load)

    p = sub.add_parser("transfer")
    p.add_argument("--from", dest="src", required=True)
    p.add_argument("--to", dest="dst", required=True)
    p.add_argument("--tonnes", type=float, required=True)
    p.set_defaults(func=cmd_transfer)

    p = sub.add_parser("report")
    p.add_argument("--depot")
    p.add_argument("--since")
    p.set_defaults(func=cmd_report)

    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    try:
        ledger = Ledger(args.db)
        args.func(ledger, args)
    except sqlite3.Error as exc:
        log.error("ledger error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
