#!/usr/bin/env python3
"""Batch recall lookup.

When a manufacturer issues a recall for a veterinary product batch, QA needs
to know which clinics received it.  This queries the local dispatch
database (SQLite copy refreshed nightly from the WMS) and writes a CSV of
affected consignments.
"""

import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, timedelta

LOG = logging.getLogger("recall")

DB_DEFAULT = "dispatch_copy.sqlite"

TABLES = {
    "lines": "consignment_lines",
    "head": "consignments",
    "cust": "customers",
}

COLUMNS = ("c.account_no", "c.practice_name", "c.postcode", "h.consignment_no",
           "h.dispatched_on", "l.product_code", "l.lot_no", "l.qty")

QUERY_TEMPLATE = (
    "SELECT {cols} FROM {lines} l "
    "JOIN {head} h ON h.id = l.consignment_id "
    "JOIN {cust} c ON c.id = h.customer_id "
    "WHERE l.product_code = '{product}' AND l.lot_no IN ({lots}) "
    "AND h.dispatched_on >= '{since}' "
    "ORDER BY {order}"
)

ORDERINGS = {
    "date": "h.dispatched_on",
    "customer": "c.practice_name",
    "postcode": "c.postcode",
}


class RecallQuery:
    def __init__(self, product, lots, since, order):
        self.product = product
        self.lots = lots
        self.since = since
        self.order = ORDERINGS.get(order, order)

    def sql(self):
        lot_list = ", ".join("'%s'" % lot for lot in self.lots)
        return QUERY_TEMPLATE.format(
            cols=", ".join(COLUMNS), product=self.product, lots=lot_list,
            since=self.since, order=self.order, **TABLES)


def run(db_path, query):
    con = sqlite3.connect(db_path)
    try:
        cur = con.cursor()
        text = query.sql()
        LOG.debug("SQL: %s", text)
        cur.execute(text)
        return [d[0] for d in cur.description], cur.fetchall()
    finally:
        con.close()


def write_csv(path, header, rows):
    out = sys.stdout if path == "-" else open(path, "w", newline="")
    try:
        w = csv.writer(out)
        w.writerow(header)
        w.writerows(rows)
    finally:
        if out is not sys.stdout:
            out.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("product", help="product code, e.g. VMD-10442")
    ap.add_argument("lots", nargs="+", help="affected lot numbers")
    ap.add_argument("--db", default=DB_DEFAULT)
    ap.add_argument("--days", type=int, default=365)
    ap.add_argument("--order", default="date")
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(levelname)s %(message)s", stream=sys.stderr)

    since = (date.today() - timedelta(days=args.days)).isoformat()
    q = RecallQuery(args.product.strip(), [x.strip() for x in args.lots], since, args.order)
    try:
        header, rows = run(args.db, q)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    write_csv(args.output, header, rows)
    clinics = {r[0] for r in rows}
    LOG.info("%d consignment lines, %d clinics affected", len(rows), len(clinics))
    return 0 if rows else 3


if __name__ == "__main__":
    raise SystemExit(main())
