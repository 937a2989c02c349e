#!/usr/bin/env python3
"""Monthly member billing export for the accounting team.

Pulls posted charges (dues, F&B minimums, cart fees, pro-shop house charges)
for a billing period out of the club's Postgres database with psql's COPY and
writes one CSV per membership tier plus a totals summary the controller
imports into the general ledger.

    member_billing_export.py 2024-05
    member_billing_export.py 2024-05 --tier social --out exports/
"""
import argparse
import calendar
import csv
import datetime as dt
import io
import logging
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("billing-export")

DB_NAME = os.environ.get("CLUB_DB", "clubhouse")
DB_HOST = os.environ.get("CLUB_DB_HOST", "db01.internal")
DB_USER = os.environ.get("CLUB_DB_USER", "billing_ro")

COLUMNS = ("member_no", "last_name", "first_name", "tier", "category",
           "charge_count", "amount", "tax")


def period_bounds(period):
    year, month = (int(x) for x in period.split("-"))
    start = dt.date(year, month, 1)
    end = start + dt.timedelta(days=calendar.monthrange(year, month)[1])
    return start, end


def build_query(start, end, tier=None, category=None):
    filters = [f"c.posted_on >= '{start}'", f"c.posted_on < '{end}'", "c.voided = false"]
    if tier:
        filters.append(f"m.tier = '{tier}'")
    if category:
        filters.append(f"c.category = '{category}'")
    where = " AND ".join(filters)
    select = f"""
        SELECT m.member_no, m.last_name, m.first_name, m.tier, c.category,
               count(*) AS charge_count, sum(c.amount) AS amount, sum(c.tax) AS tax
          FROM charges c JOIN members m ON m.id = c.member_id
         WHERE {where}
         GROUP BY m.member_no, m.last_name, m.first_name, m.tier, c.category
         ORDER BY m.tier, m.member_no, c.category
    """
    return f"COPY ({' '.join(select.split())}) TO STDOUT WITH (FORMAT csv)"


def run_psql(sql):
    cmd = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1",
           "-h", DB_HOST, "-U", DB_USER, "-d", DB_NAME, "-c", sql]
    log.debug("psql against %s@%s/%s", DB_USER, DB_HOST, DB_NAME)
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"psql exited {proc.returncode}")
    return proc.stdout


def parse_rows(raw):
    for rec in csv.reader(io.StringIO(raw)):
        if not rec:
            continue
        row = dict(zip(COLUMNS, rec))
        row["charge_count"] = int(row["charge_count"])
        row["amount"] = float(row["amount"])
        row["tax"] = float(row["tax"])
        yield row


def write_exports(rows, out_dir, period):
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    by_tier = defaultdict(list)
    for row in rows:
        by_tier[row["tier"]].append(row)
    totals = {}
    for tier, items in sorted(by_tier.items()):
        path = out / f"billing_{period}_{tier}.csv"
        with open(path, "w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=COLUMNS)
            w.writeheader()
            w.writerows(items)
        totals[tier] = (sum(r["amount"] for r in items), sum(r["tax"] for r in items),
                        len({r["member_no"] for r in items}))
        log.info("%s: %d lines -> %s", tier, len(items), path)
    with open(out / f"billing_{period}_summary.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["tier", "members", "amount", "tax", "total"])
        for tier, (amount, tax, members) in totals.items():
            w.writerow([tier, members, f"{amount:.2f}", f"{tax:.2f}", f"{amount + tax:.2f}"])
    return totals


def main():
    ap = argparse.ArgumentParser(description="Export member billing for a period")
    ap.add_argument("period", help="YYYY-MM")
    ap.add_argument("--tier", help="only this membership tier (full, junior, social, corporate)")
    ap.add_argument("--category", help="only this charge category (dues, fnb, carts, proshop)")
    ap.add_argument("--out", default="exports")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        start, end = period_bounds(args.period)
    except ValueError:
        ap.error("period must look like 2024-05")
    sql = build_query(start, end, args.tier, args.category)
    try:
        raw = run_psql(sql)
    except (RuntimeError, subprocess.TimeoutExpired, FileNotFoundError) as exc:
        log.error("query failed: %s", exc)
        return 1
    totals = write_exports(parse_rows(raw), args.out, args.period)
    grand = sum(a + t for a, t, _ in totals.values())
    log.info("period %s: %d tiers, grand total %.2f", args.period, len(totals), grand)
    return 0


if __name__ == "__main__":
    sys.exit(main())
