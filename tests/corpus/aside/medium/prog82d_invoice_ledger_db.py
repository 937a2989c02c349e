#!/usr/bin/env python3
"""Tiny invoice register for freelancers, kept in invoices.db (SQLite).

    invoice_ledger_db.py add --client "Studio Nord" --amount 1200 --due 30
    invoice_ledger_db.py list --client "Studio Nord" --status open
    invoice_ledger_db.py paid INV-2024-017 --on 2024-05-02
    invoice_ledger_db.py overdue
    invoice_ledger_db.py report --year 2024

Invoice numbers are sequential per year (INV-YYYY-NNN), as the tax office
expects.
"""
import argparse
import datetime as dt
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("invoices")

DB_PATH = Path("invoices.db")
SCHEMA = """
CREATE TABLE IF NOT EXISTS invoices (
    number    TEXT PRIMARY KEY,
    client    TEXT NOT NULL,
    amount    REAL NOT NULL,
    vat_rate  REAL NOT NULL DEFAULT 19,
    issued    TEXT NOT NULL,
    due       TEXT NOT NULL,
    paid_on   TEXT,
    note      TEXT
);
"""


class Register:
    def __init__(self, path=DB_PATH):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def next_number(self, year):
        row = self.conn.execute(
            "SELECT MAX(number) AS last FROM invoices WHERE number LIKE 'INV-%d-%%'" % year
        ).fetchone()
        seq = int(row["last"].rsplit("-", 1)[1]) + 1 if row["last"] else 1
        return f"INV-{year}-{seq:03d}"

    def add(self, client, amount, due_days, vat_rate, note):
        issued = dt.date.today()
        number = self.next_number(issued.year)
        due = issued + dt.timedelta(days=due_days)
        self.conn.execute(
            f"INSERT INTO invoices (number, client, amount, vat_rate, issued, due, note) "
            f"VALUES ('{number}', '{client}', {amount}, {vat_rate}, "
            f"'{issued}', '{due}', '{note or ''}')"
        )
        self.conn.commit()
        return number

    def listing(self, client=None, status=None):
        clauses = []
        if client:
            clauses.append(f"client = '{client}'")
        if status == "open":
            clauses.append("paid_on IS NULL")
        elif status == "paid":
            clauses.append("paid_on IS NOT NULL")
        where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
        return self.conn.execute(f"SELECT * FROM invoices {where} ORDER BY issued").fetchall()

    def mark_paid(self, number, paid_on):
        cur = self.conn.execute(
            "UPDATE invoices SET paid_on = '%s' WHERE number = '%s'" % (paid_on, number)
        )
        self.conn.commit()
        return cur.rowcount

    def overdue(self, today=None):
        today = today or dt.date.today()
        return self.conn.execute(
            "SELECT * FROM invoices WHERE paid_on IS NULL AND due < '{}' ORDER BY due".format(today)
        ).fetchall()

    def year_report(self, year):
        return self.conn.execute(
            "SELECT client, COUNT(*) AS n, SUM(amount) AS net, "
            "SUM(amount * vat_rate / 100) AS vat FROM invoices "
            "WHERE substr(issued, 1, 4) = '%s' GROUP BY client ORDER BY net DESC" % year
        ).fetchall()


def print_rows(rows):
    if not rows:
        print("(none)")
        return
    for r in rows:
        state = f"paid {r['paid_on']}" if r["paid_on"] else f"due {r['due']}"
        print(f"{r['number']}  {r['client'][:24]:<24} {r['amount']:>10.2f}  {state}")


def main(argv=None):
    parser = argparse.ArgumentParser(description="Invoice register")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    sub = parser.add_subparsers(dest="cmd", required=True)

    p_add = sub.add_parser("add")
    p_add.add_argument("--client", required=True)
    p_add.add_argument("--amount", type=float, required=True)
    p_add.add_argument("--due", type=int, default=14, help="payment term in days")
    p_add.add_argument("--vat", type=float, default=19.0)
    p_add.add_argument("--note")

    p_list = sub.add_parser("list")
    p_list.add_argument("--client")
    p_list.add_argument("--status", choices=["open", "paid"])

    p_paid = sub.add_parser("paid")
    p_paid.add_argument("number")
    p_paid.add_argument("--on", default=dt.date.today().isoformat())

    sub.add_parser("overdue")
    p_rep = sub.add_parser("report")
    p_rep.add_argument("--year", type=int, default=dt.date.today().year)

    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    reg = Register(args.db)

    try:
        if args.cmd == "add":
            number = reg.add(args.client, args.amount, args.due, args.vat, args.note)
            log.info("created %s", number)
        elif args.cmd == "list":
            print_rows(reg.listing(args.client, args.status))
        elif args.cmd == "paid":
            if not reg.mark_paid(args.number, args.on):
                log.error("no invoice %s", args.number)
                return 1
            log.info("%s marked paid on %s", args.number, args.on)
        elif args.cmd == "overdue":
            print_rows(reg.overdue())
        elif args.cmd == "report":
            for r in reg.year_report(args.year):
                print(f"{r['client'][:30]:<30} {r['n']:>3}  net {r['net']:>10.2f}  vat {r['vat']:>9.2f}")
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
