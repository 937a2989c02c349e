#!/usr/bin/env python3
"""refund_report.py

Builds the daily refund report for the box office manager from the local
ticketing export (tickets.db, SQLite). Filters by promoter, ticket type and
date, writes a CSV into ./reports and prints the biggest refunds via a small
shell pipeline.
"""
import argparse
import csv
import logging
import os
import sqlite3
import subprocess
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("refund-report")
REPORT_DIR = Path("./reports")


class RefundQuery:
    def __init__(self, db_path):
        self.db_path = db_path
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def build_sql(self, promoter=None, ticket_type=None, since=None, reason=None):
        sql = ("SELECT o.order_id, o.buyer_email, t.ticket_type, r.amount, r.reason, "
               "r.refunded_at, o.promoter FROM refunds r "
               "JOIN orders o ON o.order_id = r.order_id "
               "JOIN tickets t ON t.ticket_id = r.ticket_id WHERE 1=1")
        if promoter:
            sql += f" AND o.promoter = '{promoter}'"
        if ticket_type:
            sql += f" AND t.ticket_type = '{ticket_type}'"
        if since:
            sql += f" AND date(r.refunded_at) >= '{since}'"
        if reason:
            sql += " AND r.reason LIKE '%%%s%%'" % reason
        return sql + " ORDER BY r.refunded_at"

    def run(self, **filters):
        sql = self.build_sql(**filters)
        log.debug("SQL: %s", sql)
        return [dict(row) for row in self.conn.execute(sql)]

    def close(self):
        self.conn.close()


def write_csv(rows, path):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="") as fh:
        if not rows:
            fh.write("")
            return
        writer = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        writer.writeheader()
        writer.writerows(rows)


def show_top(path, top):
    """Top refunds by amount: tail (skip header) | sort numerically on column 4."""
    pipeline = 'tail -n +2 "$REPORT_CSV" | sort -t, -k4 -g -r | head -n "$TOP_N"'
    env = dict(os.environ, REPORT_CSV=str(path), TOP_N=str(top))
    out = subprocess.run(["bash", "-c", pipeline], env=env,
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        log.warning("pipeline failed: %s", out.stderr.strip())
        return
    print(f"Top {top} refunds:")
    for line in out.stdout.splitlines():
        fields = line.split(",")
        print(f"  {fields[0]:<12} {fields[2]:<14} {fields[3]:>9}  {fields[4]}")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Daily refund report")
    ap.add_argument("--db", default="tickets.db")
    ap.add_argument("--promoter")
    ap.add_argument("--ticket-type")
    ap.add_argument("--since", default=date.today().isoformat())
    ap.add_argument("--reason", help="substring of the refund reason")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not Path(args.db).exists():
        log.error("database %s not found", args.db)
        return 1
    query = RefundQuery(args.db)
    try:
        rows = query.run(promoter=args.promoter, ticket_type=args.ticket_type,
                         since=args.since, reason=args.reason)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        query.close()

    total = sum(float(r["amount"] or 0) for r in rows)
    out = REPORT_DIR / f"refunds_{args.since}.csv"
    write_csv(rows, out)
    log.info("%d refunds, total %.2f, written to %s", len(rows), total, out)
    if rows:
        show_top(out, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
