#!/usr/bin/env python3
"""Query the local invoice ledger (sqlite) from the command line.

Used at the sales desk to answer "what did this grower order and what is
still unpaid".  Supports filtering by customer, variety, season and status.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("ledger")

DB_PATH = Path("ledger.db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS invoices (
    id INTEGER PRIMARY KEY,
    number TEXT UNIQUE,
    customer TEXT,
    variety TEXT,
    grade TEXT,
    tonnes REAL,
    price_per_t REAL,
    issued TEXT,
    status TEXT DEFAULT 'open'
);
"""

COLUMNS = ["number", "customer", "variety", "grade", "tonnes", "price_per_t", "issued", "status"]


class Ledger:
    def __init__(self, path):
        self.conn = sqlite3.connect(str(path))
        self.conn.executescript(SCHEMA)

    def _where(self, filters):
        clauses = []
        for col, val in filters.items():
            if val is None:
                continue
            if col == "season":
                clauses.append(f"substr(issued, 1, 4) = '{val}'")
            elif col == "customer":
                clauses.append(f"customer LIKE '%{val}%'")
            else:
                clauses.append(f"{col} = '{val}'")
        return (" WHERE " + " AND ".join(clauses)) if clauses else ""

    def find(self, filters, order="issued"):
        sql = "SELECT {} FROM invoices{} ORDER BY {}".format(
            ", ".join(COLUMNS), self._where(filters), order)
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def mark_paid(self, number):
        cur = self.conn.execute(f"UPDATE invoices SET status = 'paid' WHERE number = '{number}'")
        self.conn.commit()
        return cur.rowcount

    def close(self):
        self.conn.close()


def print_rows(rows):
    total = 0.0
    for r in rows:
        rec = dict(zip(COLUMNS, r))
        amount = (rec["tonnes"] or 0) * (rec["price_per_t"] or 0)
        total += amount
        print(f"{rec['number']:<12} {rec['customer'][:24]:<24} {rec['variety']:<14} "
              f"{rec['tonnes']:>7.2f} t  {amount:>10.2f}  {rec['status']}")
    print(f"{len(rows)} invoices, total {total:.2f}")


def export_rows(rows, path):
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(COLUMNS)
        w.writerows(rows)
    log.info("exported %d rows to %s", len(rows), path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", type=Path, default=DB_PATH)
    ap.add_argument("--customer")
    ap.add_argument("--variety")
    ap.add_argument("--season")
    ap.add_argument("--status", choices=["open", "paid", "disputed"])
    ap.add_argument("--order", default="issued")
    ap.add_argument("--export", type=Path)
    ap.add_argument("--mark-paid", metavar="NUMBER")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    ledger = Ledger(args.db)
    try:
        if args.mark_paid:
            n = ledger.mark_paid(args.mark_paid)
            log.info("marked %d invoice(s) paid", n)
            return 0 if n else 1
        rows = ledger.find({"customer": args.customer, "variety": args.variety,
                            "season": args.season, "status": args.status}, args.order)
        if args.export:
            export_rows(rows, args.export)
        else:
            print_rows(rows)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 2
    finally:
        ledger.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
