#!/usr/bin/env python3
"""Look up set-top boxes in the depot inventory database and print a report.

The inventory is a SQLite file exported nightly from the provisioning
system (table `boxes`: serial, model, status, depot, smartcard, updated).
"""
import argparse
import csv
import io
import logging
import os
import sqlite3
import subprocess
import sys

log = logging.getLogger("inventory")
STATUSES = ("new", "provisioned", "faulty", "returned", "shipped")

REPORT_SH = r"""
set -euo pipefail
echo "== $INV_TITLE =="
column -t -s ',' < "$INV_CSV" | sed 's/^/  /'
echo "-- $(($(wc -l < "$INV_CSV") - 1)) rows"
"""


class Inventory:
    def __init__(self, path):
        if not os.path.exists(path):
            raise FileNotFoundError(path)
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def find(self, model=None, status=None, depot=None, serial_prefix=None, limit=50):
        clauses = []
        if model:
            clauses.append(f"model = '{model}'")
        if status:
            clauses.append(f"status = '{status}'")
        if depot:
            clauses.append(f"depot = '{depot}'")
        if serial_prefix:
            clauses.append(f"serial LIKE '{serial_prefix}%'")
        where = " AND ".join(clauses) if clauses else "1=1"
        sql = ("SELECT serial, model, status, depot, smartcard, updated FROM boxes "
               f"WHERE {where} ORDER BY updated DESC LIMIT {int(limit)}")
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def counts_by_status(self, depot):
        sql = f"SELECT status, COUNT(*) AS n FROM boxes WHERE depot = '{depot}' GROUP BY status"
        return {row["status"]: row["n"] for row in self.conn.execute(sql)}

    def close(self):
        self.conn.close()


def rows_to_csv(rows):
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(["serial", "model", "status", "depot", "smartcard", "updated"])
    for r in rows:
        writer.writerow([r["serial"], r["model"], r["status"], r["depot"],
                         r["smartcard"] or "-", r["updated"]])
    return buf.getvalue()


def print_report(title, csv_text, out_name):
    with open(out_name, "w", encoding="utf-8") as fh:
        fh.write(csv_text)
    env = dict(os.environ, INV_CSV=out_name, INV_TITLE=title)
    proc = subprocess.run(["bash", "-c", REPORT_SH], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        log.warning("pretty print failed (%s); raw CSV follows", proc.stderr.strip())
        sys.stdout.write(csv_text)
    else:
        sys.stdout.write(proc.stdout)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="./inventory.sqlite")
    ap.add_argument("--model")
    ap.add_argument("--status", choices=STATUSES)
    ap.add_argument("--depot")
    ap.add_argument("--serial-prefix")
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--summary", action="store_true", help="per-status counts for --depot")
    ap.add_argument("--out", default="inventory_report.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        inv = Inventory(args.db)
    except FileNotFoundError:
        log.error("inventory database %s not found", args.db)
        return 2
    try:
        if args.summary:
            if not args.depot:
                log.error("--summary needs --depot")
                return 2
            for status, n in sorted(inv.counts_by_status(args.depot).items()):
                print(f"{status:<12} {n:>6}")
            return 0
        rows = inv.find(args.model, args.status, args.depot, args.serial_prefix, args.limit)
        if not rows:
            log.info("no boxes match")
            return 0
        print_report(f"{len(rows)} boxes", rows_to_csv(rows), args.out)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        inv.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
