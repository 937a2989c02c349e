#!/usr/bin/env python3
"""Print shipping labels for today's web shop orders and issue re-order codes.

Reads orders from the shop's SQLite export, renders a plain-text label per
order, sends each label to the packing-room printer with `lp`, and stores a
short discount code for the customer's next bag.
"""
import argparse
import logging
import random
import sqlite3
import string
import subprocess
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("order_labels")

LABEL = """\
{name}
{street}
{postcode} {city}
{country}

Order {order_id}  |  {items} bag(s)
Roasted {roast_date}
Next bag: use code {code}
"""


class OrderStore:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.row_factory = sqlite3.Row

    def orders_for(self, day, status="paid", customer=None):
        sql = ("SELECT o.id AS order_id, c.name, c.street, c.postcode, c.city, c.country, "
               "COUNT(l.id) AS items FROM orders o JOIN customers c ON c.id = o.customer_id "
               "JOIN order_lines l ON l.order_id = o.id "
               f"WHERE date(o.created) = '{day}' AND o.status = '{status}'")
        if customer:
            sql += f" AND c.name LIKE '%{customer}%'"
        sql += " GROUP BY o.id ORDER BY o.id"
        return self.db.execute(sql).fetchall()

    def save_code(self, order_id, code):
        self.db.execute(
            f"INSERT INTO discount_codes (order_id, code, percent) VALUES ({order_id}, '{code}', 10)")
        self.db.commit()

    def mark_printed(self, order_id):
        self.db.execute(f"UPDATE orders SET status = 'labelled' WHERE id = {order_id}")
        self.db.commit()


def make_code(length=8):
    alphabet = string.ascii_uppercase + string.digits
    return "BEAN-" + "".join(random.choice(alphabet) for _ in range(length))


def print_label(text, printer, spool_dir, order_id, dry_run):
    spool = Path(spool_dir)
    spool.mkdir(exist_ok=True)
    path = spool / f"label_{order_id}.txt"
    path.write_text(text, encoding="utf-8")
    cmd = ["lp", "-d", printer, "-o", "media=Custom.100x150mm", str(path)]
    if dry_run:
        log.info("dry run: %s", " ".join(cmd))
        return True
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        log.error("lp failed for %s: %s", order_id, res.stderr.strip())
        return False
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default="shop_export.sqlite")
    ap.add_argument("--day", default=date.today().isoformat())
    ap.add_argument("--customer", help="only orders whose customer name matches")
    ap.add_argument("--printer", default="packing_zebra")
    ap.add_argument("--roast-date", default=date.today().isoformat())
    ap.add_argument("--spool", default="labels")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    store = OrderStore(args.db)
    try:
        rows = store.orders_for(args.day, customer=args.customer)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1

    printed = 0
    for row in rows:
        code = make_code()
        text = LABEL.format(code=code, roast_date=args.roast_date, **dict(row))
        if print_label(text, args.printer, args.spool, row["order_id"], args.dry_run):
            if not args.dry_run:
                store.save_code(row["order_id"], code)
                store.mark_printed(row["order_id"])
            printed += 1
    log.info("%d of %d labels printed", printed, len(rows))
    return 0 if printed == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
