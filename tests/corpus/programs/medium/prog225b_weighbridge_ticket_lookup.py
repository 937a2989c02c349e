#!/usr/bin/env python3
"""Weighbridge ticket lookup for the site office.

Customers ring up asking "what did truck X tip last Tuesday?". This tool
searches the local copy of the weighbridge ticket database (SQLite export
refreshed each night) by vehicle registration, customer account or date
range and prints the tickets with net tonnage and a total.
"""

import argparse
import csv
import logging
import os
import sqlite3
import sys

DEFAULT_DB = "weighbridge_tickets.db"

log = logging.getLogger("ticket_lookup")


class TicketStore:
    def __init__(self, path):
        if not os.path.exists(path):
            raise FileNotFoundError(f"ticket database {path} not found")
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def search(self, registration=None, account=None, date_from=None, date_to=None,
               limit=200):
        clauses = []
        if registration:
            reg = registration.replace(" ", "").upper()
            clauses.append(f"REPLACE(UPPER(registration), ' ', '') = '{reg}'")
        if account:
            clauses.append(f"customer_account = '{account}'")
        if date_from:
            clauses.append(f"weighed_out >= '{date_from}'")
        if date_to:
            clauses.append(f"weighed_out < date('{date_to}', '+1 day')")
        where = " AND ".join(clauses) if clauses else "1=1"
        sql = ("SELECT ticket_no, registration, customer_account, waste_code, "
               "gross_kg, tare_kg, gross_kg - tare_kg AS net_kg, weighed_out "
               f"FROM tickets WHERE {where} ORDER BY weighed_out DESC LIMIT {int(limit)}")
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def print_table(rows):
    header = f"{'ticket':>8}  {'reg':<9} {'account':<10} {'EWC':<8} {'net t':>7}  weighed out"
    print(header)
    print("-" * len(header))
    total = 0.0
    for r in rows:
        net_t = (r["net_kg"] or 0) / 1000.0
        total += net_t
        print(f"{r['ticket_no']:>8}  {r['registration']:<9} {r['customer_account']:<10} "
              f"{r['waste_code']:<8} {net_t:7.2f}  {r['weighed_out']}")
    print("-" * len(header))
    print(f"{len(rows)} ticket(s), {total:.2f} t net")


def write_csv(rows, path):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(rows[0].keys() if rows else [])
        for r in rows:
            writer.writerow(list(r))
    log.info("wrote %d rows to %s", len(rows), path)


def parse_args():
    p = argparse.ArgumentParser(description="Look up weighbridge tickets")
    p.add_argument("--db", default=DEFAULT_DB)
    p.add_argument("--reg", help="vehicle registration")
    p.add_argument("--account", help="customer account code")
    p.add_argument("--from", dest="date_from", help="YYYY-MM-DD")
    p.add_argument("--to", dest="date_to", help="YYYY-MM-DD")
    p.add_argument("--limit", type=int, default=200)
    p.add_argument("--csv", help="also write results to this CSV file")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    if not (args.reg or args.account or args.date_from):
        log.error("give at least --reg, --account or --from")
        return 2
    try:
        store = TicketStore(args.db)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 1
    try:
        rows = store.search(args.reg, args.account, args.date_from, args.date_to, args.limit)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        store.close()
    print_table(rows)
    if args.csv:
        write_csv(rows, args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
