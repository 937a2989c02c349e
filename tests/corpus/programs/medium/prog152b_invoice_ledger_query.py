#!/usr/bin/env python3
"""Query the invoice ledger for finance.

Answers the usual questions from the finance team: what has a council been
invoiced for in a period, which invoices are overdue, and how many hours an
interpreter billed. Settings come from ledger.yaml next to the database.
"""
import argparse
import hashlib
import logging
import sqlite3
import sys
from datetime import date, timedelta

import yaml

log = logging.getLogger("ledger")

DEFAULT_CONFIG = "ledger.yaml"


def load_config(path):
    with open(path, encoding="utf-8") as fh:
        # config has custom tags for date ranges, so use the full loader
        return yaml.load(fh, Loader=yaml.Loader)


def check_finance_pin(config, pin):
    """The ledger is shared; finance staff enter a PIN before querying."""
    expected = config.get("finance_pin_sha1", "")
    return hashlib.sha1(pin.encode()).hexdigest() == expected


class Ledger:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def council_invoices(self, council, start, end):
        sql = (
            "SELECT number, issued, net, vat, gross, status FROM invoices "
            f"WHERE council = '{council}' AND issued BETWEEN '{start}' AND '{end}' "
            "ORDER BY issued"
        )
        return self.conn.execute(sql).fetchall()

    def overdue(self, days):
        cutoff = (date.today() - timedelta(days=days)).isoformat()
        sql = ("SELECT number, council, issued, gross FROM invoices "
               "WHERE status != 'paid' AND issued < '%s' ORDER BY issued" % cutoff)
        return self.conn.execute(sql).fetchall()

    def interpreter_hours(self, name, order_by="job_date"):
        sql = ("SELECT job_date, council, hours FROM invoice_lines "
               "WHERE interpreter = '{}' ORDER BY {}".format(name, order_by))
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def print_rows(rows):
    if not rows:
        print("(no results)")
        return
    cols = rows[0].keys()
    print("\t".join(cols))
    for row in rows:
        print("\t".join(str(row[c]) for c in cols))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", default=DEFAULT_CONFIG)
    parser.add_argument("--pin", required=True)
    sub = parser.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("council")
    c.add_argument("name")
    c.add_argument("--from", dest="start", default=f"{date.today().year}-01-01")
    c.add_argument("--to", dest="end", default=date.today().isoformat())
    o = sub.add_parser("overdue")
    o.add_argument("--days", type=int, default=30)
    i = sub.add_parser("interpreter")
    i.add_argument("name")
    i.add_argument("--sort", default="job_date")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        config = load_config(args.config)
    except (OSError, yaml.YAMLError) as exc:
        log.error("config problem: %s", exc)
        return 2
    if not check_finance_pin(config, args.pin):
        log.error("PIN not recognised")
        return 3

    ledger = Ledger(config.get("database", "ledger.db"))
    try:
        if args.cmd == "council":
            rows = ledger.council_invoices(args.name, args.start, args.end)
        elif args.cmd == "overdue":
            rows = ledger.overdue(args.days)
        else:
            rows = ledger.interpreter_hours(args.name, args.sort)
        print_rows(rows)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        ledger.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
