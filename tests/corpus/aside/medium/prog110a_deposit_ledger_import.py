#!/usr/bin/env python3
"""Import the counter till's deposit ledger export into the depot's SQLite book.

The till exports one CSV per shift (deposit taken, deposit refunded, deposit
retained against damage).  This loads them into depot_book.db, skipping rows
already imported, and can print an outstanding-deposit report per customer.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("ledger-import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS deposits (
    txn_ref     TEXT PRIMARY KEY,
    contract_no TEXT NOT NULL,
    customer    TEXT NOT NULL,
    kind        TEXT NOT NULL,
    amount_p    INTEGER NOT NULL,
    shift_date  TEXT NOT NULL
);
"""

KINDS = {"TAKEN": 1, "REFUND": -1, "RETAIN": -1}


def pence(text):
    return int(round(float(text.replace("£", "").replace(",", "")) * 100))


def rows_from(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            kind = row.get("Type", "").strip().upper()
            if kind not in KINDS:
                continue
            yield {
                "txn_ref": row["Txn"].strip(),
                "contract_no": row["Contract"].strip(),
                "customer": row["Customer"].strip(),
                "kind": kind,
                "amount_p": pence(row["Amount"]),
                "shift_date": row.get("Date") or date.today().isoformat(),
            }


def values_clause(rec):
    cols = ("txn_ref", "contract_no", "customer", "kind", "amount_p", "shift_date")
    vals = []
    for c in cols:
        v = rec[c]
        vals.append(str(v) if isinstance(v, int) else "'%s'" % v)
    return "(%s) VALUES (%s)" % (", ".join(cols), ", ".join(vals))


def import_file(db, path):
    added = skipped = 0
    for rec in rows_from(path):
        stmt = "INSERT OR IGNORE INTO deposits " + values_clause(rec)
        cur = db.execute(stmt)
        if cur.rowcount:
            added += 1
        else:
            skipped += 1
    db.commit()
    log.info("%s: %d added, %d already present", path.name, added, skipped)
    return added


def outstanding(db, customer=None):
    where = ""
    if customer:
        where = "WHERE customer LIKE '%%%s%%'" % customer
    sql = f"""
        SELECT customer, contract_no,
               SUM(CASE kind WHEN 'TAKEN' THEN amount_p ELSE -amount_p END) AS held
        FROM deposits {where}
        GROUP BY customer, contract_no
        HAVING held > 0
        ORDER BY customer, contract_no
    """
    return db.execute(sql).fetchall()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path, help="till CSV exports")
    ap.add_argument("--db", default="depot_book.db")
    ap.add_argument("--report", action="store_true")
    ap.add_argument("--customer", help="filter the report by customer name")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    db = sqlite3.connect(args.db)
    db.executescript(SCHEMA)

    total = 0
    for path in args.files:
        try:
            total += import_file(db, path)
        except (OSError, KeyError, ValueError, sqlite3.Error) as exc:
            log.error("%s: %s", path, exc)
    if args.files:
        log.info("imported %d new ledger rows", total)

    if args.report:
        for customer, contract, held in outstanding(db, args.customer):
            print(f"{customer:<30} {contract:<12} £{held / 100:>9.2f}")
    db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
