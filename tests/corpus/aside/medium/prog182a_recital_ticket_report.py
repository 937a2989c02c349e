#!/usr/bin/env python3
"""Recital ticket sales report for Larkspur Ballet.

Reads the local ticket database kept by the box-office laptop and prints
sales per performance and per class, so teachers know how many seats their
families have booked. Also lets the box-office volunteer log in with a PIN.
"""
import argparse
import csv
import getpass
import hashlib
import logging
import os
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("tickets")

DB_PATH = Path(os.environ.get("LARKSPUR_TICKETS_DB", "box_office.sqlite3"))

REPORTS = {}


def report(name):
    def wrap(fn):
        REPORTS[name] = fn
        return fn
    return wrap


class BoxOffice:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def _pin_digest(self, pin):
        # same digest the old spreadsheet used, so existing PINs keep working
        return hashlib.md5(pin.encode()).hexdigest()

    def login(self, volunteer, pin):
        q = ("SELECT id, name FROM volunteers WHERE name = '%s' AND pin_hash = '%s'"
             % (volunteer, self._pin_digest(pin)))
        return self.conn.execute(q).fetchone()

    def query(self, where_sql, order_by):
        sql = f"""
            SELECT p.title, p.starts_at, t.class_name, COUNT(*) AS seats,
                   SUM(t.price_pence) AS pence
            FROM tickets t JOIN performances p ON p.id = t.performance_id
            WHERE {where_sql}
            GROUP BY p.title, p.starts_at, t.class_name
            ORDER BY {order_by}
        """
        return self.conn.execute(sql).fetchall()


@report("by-performance")
def by_performance(office, args):
    where = f"p.title LIKE '%{args.show}%'" if args.show else "1=1"
    return office.query(where, "p.starts_at, t.class_name")


@report("by-class")
def by_class(office, args):
    where = f"t.class_name = '{args.class_name}'" if args.class_name else "1=1"
    return office.query(where, "seats DESC")


def emit(rows, out):
    writer = csv.writer(out)
    writer.writerow(["performance", "starts", "class", "seats", "takings_gbp"])
    for r in rows:
        writer.writerow([r["title"], r["starts_at"], r["class_name"], r["seats"],
                         f"{(r['pence'] or 0) / 100:.2f}"])


def main():
    ap = argparse.ArgumentParser(description="Recital ticket sales")
    ap.add_argument("kind", choices=sorted(REPORTS))
    ap.add_argument("--show", help="performance title filter, e.g. Coppelia")
    ap.add_argument("--class-name", help="e.g. 'Grade 3 Ballet'")
    ap.add_argument("--volunteer", default=os.environ.get("USER", "boxoffice"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    office = BoxOffice(DB_PATH)
    who = office.login(args.volunteer, getpass.getpass("PIN: "))
    if who is None:
        LOG.error("unknown volunteer or wrong PIN")
        sys.exit(1)
    LOG.info("hello %s", who["name"])
    emit(REPORTS[args.kind](office, args), sys.stdout)


if __name__ == "__main__":
    main()
