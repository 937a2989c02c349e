#!/usr/bin/env python3
"""Daily order report from the till database.

Summarises the day's orders by item and by server, and optionally sends
the summary to the back-office printer.
"""
import argparse
import datetime as dt
import logging
import os
import sqlite3
import subprocess
from pathlib import Path

log = logging.getLogger("orders")

DB_PATH = Path(os.environ.get("WS_TILL_DB", "till.sqlite3"))
PRINTER = os.environ.get("WS_OFFICE_PRINTER", "office_laser")

REPORTS = {
    "items": "SELECT item, SUM(qty) AS n, SUM(qty * price) AS total FROM orders "
             "WHERE day = '{day}' {extra} GROUP BY item ORDER BY total DESC",
    "servers": "SELECT server, COUNT(*) AS n, SUM(qty * price) AS total FROM orders "
               "WHERE day = '{day}' {extra} GROUP BY server ORDER BY total DESC",
}


class OrderReport:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def run(self, kind, day, server=None):
        extra = f"AND server = '{server}'" if server else ""
        sql = REPORTS[kind].format(day=day, extra=extra)
        log.debug("sql: %s", sql)
        return [dict(r) for r in self.conn.execute(sql)]

    def close(self):
        self.conn.close()


def format_rows(kind, rows):
    key = "item" if kind == "items" else "server"
    out = [f"{key.title():<28}{'Qty':>6}{'Total':>10}"]
    for r in rows:
        out.append(f"{str(r[key]):<28}{r['n']:>6}{(r['total'] or 0):>10.2f}")
    grand = sum((r["total"] or 0) for r in rows)
    out.append(f"{'':<28}{'':>6}{grand:>10.2f}")
    return "\n".join(out)


def send_to_printer(text, printer):
    proc = subprocess.run(["lp", "-d", printer, "-t", "Daily orders"], input=text,
                          text=True, capture_output=True)
    if proc.returncode != 0:
        log.warning("printing failed: %s", proc.stderr.strip())
    else:
        log.info("sent to %s", printer)


def main():
    parser = argparse.ArgumentParser(description="Daily order summary")
    parser.add_argument("--day", default=dt.date.today().isoformat())
    parser.add_argument("--kind", choices=sorted(REPORTS), default="items")
    parser.add_argument("--server", help="only orders rung up by this server")
    parser.add_argument("--print", dest="do_print", action="store_true")
    parser.add_argument("--debug", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)

    report = OrderReport(DB_PATH)
    try:
        rows = report.run(args.kind, args.day, args.server)
    finally:
        report.close()
    text = f"Willow & Steep - {args.kind} for {args.day}\n\n" + format_rows(args.kind, rows)
    print(text)
    if args.do_print:
        send_to_printer(text, PRINTER)


if __name__ == "__main__":
    main()
