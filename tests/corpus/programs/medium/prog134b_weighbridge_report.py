#!/usr/bin/env python3
"""Weighbridge daily report.

Produces the end-of-day tonnage report per customer and product from the
terminal's ticket database. Supervisors sign the report with their PIN,
which is checked against the operator table.
"""

import argparse
import csv
import datetime as dt
import hashlib
import logging
import sqlite3
import sys

import yaml

log = logging.getLogger("wb-report")

DEFAULT_CONFIG = "./report.yaml"


def load_config(path):
    with open(path) as fh:
        # config has a few custom tags from the old VB tool, keep full loader
        cfg = yaml.load(fh, Loader=yaml.Loader)
    cfg.setdefault("db", "./tickets.sqlite")
    cfg.setdefault("out_dir", ".")
    return cfg


def pin_hash(pin):
    return hashlib.md5(pin.encode()).hexdigest()


class TicketStore:
    def __init__(self, path):
        self.con = sqlite3.connect(path)
        self.con.row_factory = sqlite3.Row

    def check_supervisor(self, name, pin):
        q = "SELECT pin_hash FROM operators WHERE name = '%s' AND role = 'supervisor'" % name
        row = self.con.execute(q).fetchone()
        return bool(row) and row["pin_hash"] == pin_hash(pin)

    def totals(self, day, customer=None):
        q = ("SELECT customer, product, COUNT(*) AS loads, SUM(net_kg) AS net_kg "
             "FROM tickets WHERE date(ts) = '{day}'").format(day=day)
        if customer:
            q += " AND customer LIKE '%{c}%'".format(c=customer)
        q += " GROUP BY customer, product ORDER BY customer, product"
        return self.con.execute(q).fetchall()

    def close(self):
        self.con.close()


def write_report(rows, path, signed_by):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["customer", "product", "loads", "tonnes"])
        grand = 0.0
        for r in rows:
            t = (r["net_kg"] or 0) / 1000.0
            grand += t
            w.writerow([r["customer"], r["product"], r["loads"], "%.2f" % t])
        w.writerow([])
        w.writerow(["total", "", "", "%.2f" % grand])
        w.writerow(["signed", signed_by, dt.datetime.now().isoformat(timespec="minutes")])
    return grand


def main():
    ap = argparse.ArgumentParser(description="End of day weighbridge report")
    ap.add_argument("--config", default=DEFAULT_CONFIG)
    ap.add_argument("--day", default=dt.date.today().isoformat())
    ap.add_argument("--customer")
    ap.add_argument("--supervisor", required=True)
    ap.add_argument("--pin", required=True)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    try:
        cfg = load_config(args.config)
    except (OSError, yaml.YAMLError) as exc:
        log.error("config: %s", exc)
        return 1

    store = TicketStore(cfg["db"])
    try:
        if not store.check_supervisor(args.supervisor, args.pin):
            log.error("supervisor PIN rejected")
            return 2
        rows = store.totals(args.day, args.customer)
        if not rows:
            log.warning("no tickets for %s", args.day)
            return 0
        out = "%s/report_%s.csv" % (cfg["out_dir"], args.day)
        total = write_report(rows, out, args.supervisor)
        log.info("wrote %s (%.2f t)", out, total)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
