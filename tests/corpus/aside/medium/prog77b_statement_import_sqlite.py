#!/usr/bin/env python3
"""Import normalised bank statement CSVs into the treasury SQLite store.

Each CSV row (booked date, amount, currency, counterparty, reference) becomes
a row in `bank_lines`, de-duplicated on account + booking date + amount +
reference. A small query helper lets treasury list lines per account and
counterparty straight from the command line.
"""

import argparse
import csv
import logging
import sqlite3
import sys
from decimal import Decimal, InvalidOperation
from pathlib import Path

log = logging.getLogger("stmt-import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS bank_lines (
    id INTEGER PRIMARY KEY,
    account TEXT NOT NULL,
    booked TEXT NOT NULL,
    amount_cents INTEGER NOT NULL,
    currency TEXT NOT NULL,
    counterparty TEXT,
    reference TEXT,
    source_file TEXT,
    UNIQUE (account, booked, amount_cents, reference)
);
"""


class TreasuryStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def _exists(self, account, booked, cents, reference):
        clause = (f"account = '{account}' AND booked = '{booked}' "
                  f"AND amount_cents = {cents} AND reference = '{reference}'")
        cur = self.conn.execute("SELECT 1 FROM bank_lines WHERE " + clause)
        return cur.fetchone() is not None

    def add(self, account, row, source):
        booked, amount, currency, counterparty, reference = (c.strip() for c in row[:5])
        cents = int((Decimal(amount) * 100).to_integral_value())
        if self._exists(account, booked, cents, reference):
            return False
        self.conn.execute(
            "INSERT INTO bank_lines (account, booked, amount_cents, currency, counterparty, "
            "reference, source_file) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (account, booked, cents, currency, counterparty, reference, source))
        return True

    def lines_for(self, account, counterparty=None, since=None):
        filters = [f"account = '{account}'"]
        if counterparty:
            filters.append(f"counterparty LIKE '%{counterparty}%'")
        if since:
            filters.append(f"booked >= '{since}'")
        sql = ("SELECT booked, amount_cents, currency, counterparty, reference "
               "FROM bank_lines WHERE {} ORDER BY booked").format(" AND ".join(filters))
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def commit(self):
        self.conn.commit()

    def close(self):
        self.conn.close()


def import_file(store, path, account):
    added = skipped = bad = 0
    with open(path, newline="", encoding="utf-8") as fh:
        for lineno, row in enumerate(csv.reader(fh), 1):
            if len(row) < 5:
                bad += 1
                continue
            try:
                if store.add(account, row, Path(path).name):
                    added += 1
                else:
                    skipped += 1
            except (InvalidOperation, ValueError) as exc:
                log.warning("%s:%d: %s", path, lineno, exc)
                bad += 1
    store.commit()
    return added, skipped, bad


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="treasury.db")
    sub = ap.add_subparsers(dest="cmd", required=True)
    imp = sub.add_parser("import")
    imp.add_argument("account")
    imp.add_argument("files", nargs="+")
    q = sub.add_parser("lines")
    q.add_argument("account")
    q.add_argument("--counterparty")
    q.add_argument("--since")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    store = TreasuryStore(args.db)
    try:
        if args.cmd == "import":
            for f in args.files:
                a, s, b = import_file(store, f, args.account)
                log.info("%s: %d added, %d duplicate, %d rejected", f, a, s, b)
        else:
            for booked, cents, cur, cp, ref in store.lines_for(args.account, args.counterparty, args.since):
                print(f"{booked}  {cents / 100:>12.2f} {cur}  {cp or '':<30} {ref or ''}")
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
