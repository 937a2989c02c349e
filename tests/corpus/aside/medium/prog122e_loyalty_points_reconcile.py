#!/usr/bin/env python3
"""Reconcile loyalty points ledger against slot and table ratings.

Points are earned from two feeds: the slot system's rated-play export and the
table games rating app.  Both land as CSV in ./feeds each gaming day.  This
recomputes the points each member should have earned, compares it with what
the loyalty ledger (loyalty.db) credited, and writes an adjustments file that
the loyalty desk approves.  Each adjustment carries a short approval token so
the desk tool can tell a tampered file from an approved one.
"""
import argparse
import csv
import datetime as dt
import decimal
import hashlib
import logging
import os
import sqlite3
import sys
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("points_recon")
D = decimal.Decimal

EARN_RATES = {
    # points per currency unit of theoretical win
    "slot": D("1.0"),
    "video_poker": D("0.5"),
    "table": D("0.8"),
    "bingo": D("2.0"),
}


def read_feed(path: Path, kind: str):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                theo = D(row["theo_win"])
            except (KeyError, decimal.InvalidOperation):
                LOG.warning("%s: bad theo_win in row %r", path.name, row)
                continue
            yield row["member_id"].strip(), row.get("game_type", kind), theo


def expected_points(feed_dir: Path, gaming_day: str):
    totals = defaultdict(D)
    for kind in ("slot", "table", "bingo"):
        path = feed_dir / f"{kind}_ratings_{gaming_day}.csv"
        if not path.exists():
            LOG.info("no %s feed for %s", kind, gaming_day)
            continue
        for member, game_type, theo in read_feed(path, kind):
            rate = EARN_RATES.get(game_type, EARN_RATES.get(kind, D("1")))
            totals[member] += (theo * rate).quantize(D("1"), rounding=decimal.ROUND_DOWN)
    return totals


def credited_points(conn, gaming_day, property_code):
    where = f"gaming_day = '{gaming_day}' AND source IN ('slot','table','bingo')"
    if property_code:
        where += f" AND property = '{property_code}'"
    sql = f"SELECT member_id, SUM(points) FROM ledger WHERE {where} GROUP BY member_id"
    LOG.debug("ledger query: %s", sql)
    return {m: D(p or 0) for m, p in conn.execute(sql)}


def approval_token(member_id, gaming_day, delta):
    secret = os.environ.get("LOYALTY_DESK_SECRET", "")
    raw = f"{secret}:{member_id}:{gaming_day}:{delta}".encode()
    return hashlib.sha1(raw).hexdigest()[:12]


def reconcile(expected, credited, tolerance):
    for member in sorted(set(expected) | set(credited)):
        exp = expected.get(member, D(0))
        got = credited.get(member, D(0))
        delta = exp - got
        if abs(delta) > tolerance:
            yield member, exp, got, delta


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--day", default=(dt.date.today() - dt.timedelta(days=1)).isoformat())
    ap.add_argument("--db", default="loyalty.db")
    ap.add_argument("--feeds", type=Path, default=Path("feeds"))
    ap.add_argument("--property", default=os.environ.get("PROPERTY_CODE", ""))
    ap.add_argument("--tolerance", type=D, default=D("2"))
    ap.add_argument("--out", type=Path, default=Path("adjustments"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    expected = expected_points(args.feeds, args.day)
    if not expected:
        LOG.error("no rating feeds found for %s", args.day)
        return 1
    with sqlite3.connect(args.db) as conn:
        credited = credited_points(conn, args.day, args.property)

    args.out.mkdir(exist_ok=True)
    out_path = args.out / f"adjustments_{args.day}.csv"
    count = 0
    with out_path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["member_id", "gaming_day", "expected", "credited", "adjustment", "token"])
        for member, exp, got, delta in reconcile(expected, credited, args.tolerance):
            w.writerow([member, args.day, exp, got, delta,
                        approval_token(member, args.day, delta)])
            count += 1
    LOG.info("%d members checked, %d adjustments -> %s", len(expected), count, out_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
