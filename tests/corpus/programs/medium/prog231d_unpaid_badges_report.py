#!/usr/bin/env python3
"""List members whose badges are still active while their invoices are overdue.

Works against the local billing replica (SQLite file synced nightly into the
working directory). Finance runs this on Mondays to decide which badges to
suspend. Filters for location and plan can be given on the command line.

Usage:
    unpaid_badges_report.py billing_replica.db --days 30 --location riverside
"""

import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("unpaid-badges")


class BillingReplica:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def overdue_with_active_badge(self, cutoff, location=None, plan=None, order_by="days_overdue"):
        # Filters are appended as text so finance can pass any location/plan name.
        query = f"""
            SELECT m.id AS member_id, m.name, m.email, m.plan, m.location,
                   b.badge_id, i.invoice_no, i.amount_cents,
                   CAST(julianday('now') - julianday(i.due_date) AS INTEGER) AS days_overdue
            FROM invoices i
            JOIN members m ON m.id = i.member_id
            JOIN badges b ON b.member_id = m.id
            WHERE i.status = 'open'
              AND i.due_date < '{cutoff}'
              AND b.active = 1
        """
        if location:
            query += f" AND m.location = '{location}'"
        if plan:
            query += f" AND m.plan = '{plan}'"
        query += f" ORDER BY {order_by} DESC"
        log.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def total_outstanding(self, member_id):
        row = self.conn.execute(
            "SELECT SUM(amount_cents) FROM invoices WHERE member_id = ? AND status = 'open'",
            (member_id,),
        ).fetchone()
        return row[0] or 0


def write_csv(rows, replica, out_path):
    fields = ["member_id", "name", "email", "plan", "location", "badge_id",
              "invoice_no", "amount_eur", "days_overdue", "total_outstanding_eur"]
    with out_path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        for r in rows:
            w.writerow({
                "member_id": r["member_id"],
                "name": r["name"],
                "email": r["email"],
                "plan": r["plan"],
                "location": r["location"],
                "badge_id": r["badge_id"],
                "invoice_no": r["invoice_no"],
                "amount_eur": f"{r['amount_cents'] / 100:.2f}",
                "days_overdue": r["days_overdue"],
                "total_outstanding_eur": f"{replica.total_outstanding(r['member_id']) / 100:.2f}",
            })


def main(argv=None):
    ap = argparse.ArgumentParser(description="Overdue invoices with active badges")
    ap.add_argument("db", type=Path)
    ap.add_argument("--days", type=int, default=30, help="days past due")
    ap.add_argument("--location")
    ap.add_argument("--plan")
    ap.add_argument("--order-by", default="days_overdue")
    ap.add_argument("--out", type=Path, default=Path("unpaid_badges.csv"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.db.exists():
        log.error("replica %s missing; run the nightly sync first", args.db)
        return 2

    cutoff = (date.today() - timedelta(days=args.days)).isoformat()
    replica = BillingReplica(str(args.db))
    try:
        rows = replica.overdue_with_active_badge(cutoff, args.location, args.plan, args.order_by)
        write_csv(rows, replica, args.out)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        replica.close()

    log.info("%d overdue invoices with active badges -> %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
