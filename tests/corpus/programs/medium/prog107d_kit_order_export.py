#!/usr/bin/env python3
"""Export the junior kit order for the supplier.

Reads paid kit orders from the club membership database (SQLite file synced
from the membership app) and writes the supplier's bulk-order sheet: one line
per item/size/colour with quantities, plus a per-player picking list for the
kit volunteer.
"""
import argparse
import configparser
import csv
import logging
import sqlite3
import sys
from collections import Counter
from datetime import date
from pathlib import Path

log = logging.getLogger("kit_export")

DEFAULTS = {
    "database": "membership.sqlite3",
    "season": f"{date.today().year}-{(date.today().year + 1) % 100:02d}",
    "supplier_code": "RVJ-4471",
    "out_dir": "kit_exports",
}


class OrderQuery:
    """Builds the order query from the filters chosen on the command line."""

    base = ("SELECT o.order_id, m.first_name, m.last_name, m.squad, i.sku, i.description, "
            "oi.size, oi.colour, oi.qty, oi.personalisation "
            "FROM orders o JOIN members m ON m.member_id = o.member_id "
            "JOIN order_items oi ON oi.order_id = o.order_id "
            "JOIN items i ON i.sku = oi.sku")

    def __init__(self, season):
        self.clauses = ["o.status = 'paid'", "o.season = '%s'" % season]

    def squads(self, names):
        if names:
            quoted = ", ".join("'{}'".format(n) for n in names)
            self.clauses.append("m.squad IN ({})".format(quoted))
        return self

    def since(self, day):
        if day:
            self.clauses.append(f"o.paid_at >= '{day}'")
        return self

    def exclude_exported(self, flag):
        if flag:
            self.clauses.append("o.exported_at IS NULL")
        return self

    def sql(self):
        return self.base + " WHERE " + " AND ".join(self.clauses) + \
            " ORDER BY m.squad, m.last_name, m.first_name"


def load_settings(path):
    cp = configparser.ConfigParser()
    cp["export"] = DEFAULTS
    cp.read(path)
    return cp["export"]


def fetch_rows(db_path, query):
    con = sqlite3.connect(db_path)
    con.row_factory = sqlite3.Row
    try:
        sql = query.sql()
        log.debug("query: %s", sql)
        return [dict(r) for r in con.execute(sql)]
    finally:
        con.close()


def mark_exported(db_path, order_ids):
    if not order_ids:
        return
    con = sqlite3.connect(db_path)
    with con:
        con.executemany("UPDATE orders SET exported_at = date('now') WHERE order_id = ?",
                        [(i,) for i in order_ids])
    con.close()


def write_supplier_sheet(rows, path, supplier_code):
    totals = Counter((r["sku"], r["description"], r["size"], r["colour"]) for r in rows
                     for _ in range(int(r["qty"])))
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["account", "sku", "description", "size", "colour", "quantity"])
        for (sku, desc, size, colour), qty in sorted(totals.items()):
            w.writerow([supplier_code, sku, desc, size, colour, qty])
    return len(totals)


def write_picking_list(rows, path):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["squad", "player", "item", "size", "colour", "qty", "personalisation"])
        for r in rows:
            w.writerow([r["squad"], f"{r['first_name']} {r['last_name']}", r["description"],
                        r["size"], r["colour"], r["qty"], r["personalisation"] or ""])


def main(argv=None):
    ap = argparse.ArgumentParser(description="Export paid kit orders for the supplier")
    ap.add_argument("--config", default="kit_export.ini")
    ap.add_argument("--squad", action="append", help="limit to squad (repeatable)")
    ap.add_argument("--since", help="only orders paid on/after YYYY-MM-DD")
    ap.add_argument("--all", action="store_true", help="include orders already exported")
    ap.add_argument("--no-mark", action="store_true", help="do not flag orders as exported")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    st = load_settings(args.config)
    query = (OrderQuery(st["season"]).squads(args.squad).since(args.since)
             .exclude_exported(not args.all))
    try:
        rows = fetch_rows(st["database"], query)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    if not rows:
        log.info("no paid orders to export")
        return 0

    out = Path(st["out_dir"])
    out.mkdir(exist_ok=True)
    stamp = date.today().isoformat()
    n_lines = write_supplier_sheet(rows, out / f"supplier_{stamp}.csv", st["supplier_code"])
    write_picking_list(rows, out / f"picking_{stamp}.csv")
    log.info("%d order lines -> %d supplier lines in %s", len(rows), n_lines, out)

    if not args.no_mark:
        mark_exported(st["database"], sorted({r["order_id"] for r in rows}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
