#!/usr/bin/env python3
"""Invoice ledger report.

Prints (or writes as CSV) outstanding and paid invoices from the local
ledger.db that the invoice exporter keeps, filtered by customer, job type and
month.  Used at the Friday meeting to chase late payers.

Examples:
    prog121e_invoice_ledger_report.py --month 2024-05
    prog121e_invoice_ledger_report.py --customer "Hartley Builders" --unpaid
    prog121e_invoice_ledger_report.py --job-type splashback --csv out.csv
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("ledger_report")

DB_PATH = Path("ledger.db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS invoices (
    invoice_no   TEXT PRIMARY KEY,
    job_no       TEXT NOT NULL,
    customer     TEXT NOT NULL,
    job_type     TEXT,
    issued       TEXT NOT NULL,
    due          TEXT NOT NULL,
    net          REAL NOT NULL,
    vat          REAL NOT NULL,
    paid_on      TEXT
);
"""

BASE_QUERY = ("SELECT invoice_no, job_no, customer, job_type, issued, due, "
              "net + vat AS gross, paid_on FROM invoices")


class LedgerFilter:
    """Collects the WHERE clauses for the report."""

    def __init__(self):
        self.clauses = []

    def customer(self, name):
        if name:
            self.clauses.append("customer LIKE '%{}%'".format(name))
        return self

    def job_type(self, kind):
        if kind:
            self.clauses.append("job_type = '%s'" % kind)
        return self

    def month(self, ym):
        if ym:
            self.clauses.append(f"substr(issued, 1, 7) = '{ym}'")
        return self

    def unpaid(self, flag):
        if flag:
            self.clauses.append("paid_on IS NULL")
        return self

    def sql(self, order_by):
        where = (" WHERE " + " AND ".join(self.clauses)) if self.clauses else ""
        return f"{BASE_QUERY}{where} ORDER BY {order_by}"


def days_overdue(due, paid_on):
    if paid_on:
        return 0
    delta = (date.today() - date.fromisoformat(due)).days
    return max(delta, 0)


def run(conn, query):
    log.debug("query: %s", query)
    cur = conn.execute(query)
    cols = [c[0] for c in cur.description]
    for row in cur:
        rec = dict(zip(cols, row))
        rec["overdue_days"] = days_overdue(rec["due"], rec["paid_on"])
        yield rec


def print_table(rows):
    total = outstanding = 0.0
    print(f"{'Invoice':<10} {'Job':<9} {'Customer':<26} {'Issued':<11} {'Gross':>10} {'Overdue':>8}")
    for r in rows:
        total += r["gross"]
        if not r["paid_on"]:
            outstanding += r["gross"]
        flag = f"{r['overdue_days']}d" if r["overdue_days"] else ("paid" if r["paid_on"] else "")
        print(f"{r['invoice_no']:<10} {r['job_no']:<9} {r['customer'][:26]:<26} "
              f"{r['issued']:<11} {r['gross']:>10.2f} {flag:>8}")
    print(f"\nTotal {total:,.2f}   outstanding {outstanding:,.2f}")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Invoice ledger report",
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("Examples:")[1])
    ap.add_argument("--db", type=Path, default=DB_PATH)
    ap.add_argument("--customer")
    ap.add_argument("--job-type")
    ap.add_argument("--month", help="YYYY-MM")
    ap.add_argument("--unpaid", action="store_true")
    ap.add_argument("--sort", default="issued", help="column to sort by")
    ap.add_argument("--csv", type=Path, help="write CSV instead of printing")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.db.exists():
        log.error("%s not found - run the invoice exporter first", args.db)
        return 2

    conn = sqlite3.connect(args.db)
    conn.executescript(SCHEMA)
    query = (LedgerFilter()
             .customer(args.customer)
             .job_type(args.job_type)
             .month(args.month)
             .unpaid(args.unpaid)
             .sql(args.sort))
    try:
        rows = list(run(conn, query))
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        conn.close()

    if args.csv:
        with args.csv.open("w", newline="") as fh:
            if rows:
                w = csv.DictWriter(fh, fieldnames=list(rows[0]))
                w.writeheader()
                w.writerows(rows)
        log.info("wrote %d rows to %s", len(rows), args.csv)
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
