#!/usr/bin/env python3
"""Monthly loyalty-scheme export for the salon group.

Reads member balances from the POS database, writes the CSV the marketing
agency imports and pushes the period totals to the LoyaltyLoop API.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import sqlite3
import sys
from pathlib import Path

import requests

log = logging.getLogger("loyalty_export")

LOYALTY_API = "https://api.loyaltyloop.io/v1"

TIER_THRESHOLDS = [(0, "Bronze"), (500, "Silver"), (1500, "Gold"), (4000, "Platinum")]


def tier_for(points: int) -> str:
    name = TIER_THRESHOLDS[0][1]
    for threshold, tier in TIER_THRESHOLDS:
        if points >= threshold:
            name = tier
    return name


MEMBER_BALANCES = """
    SELECT m.member_no, m.first_name, m.last_name, m.email, m.branch,
           COALESCE(SUM(p.points), 0) AS balance, MAX(p.created_at) AS last_visit
      FROM members m
      LEFT JOIN points_ledger p ON p.member_no = m.member_no
     WHERE (:branch IS NULL OR m.branch = :branch)
     GROUP BY m.member_no
     ORDER BY m.member_no
"""


def fetch_members(db_path: Path, branch: str | None):
    con = sqlite3.connect(db_path)
    con.row_factory = sqlite3.Row
    try:
        for row in con.execute(MEMBER_BALANCES, {"branch": branch}):
            yield dict(row)
    finally:
        con.close()


def write_export(rows, out_path: Path) -> dict:
    totals = {"members": 0, "points": 0, "by_tier": {}}
    with out_path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["member_no", "first_name", "last_name", "email", "branch",
                    "balance", "tier", "last_visit"])
        for r in rows:
            tier = tier_for(r["balance"])
            w.writerow([r["member_no"], r["first_name"], r["last_name"], r["email"],
                        r["branch"], r["balance"], tier, r["last_visit"] or ""])
            totals["members"] += 1
            totals["points"] += r["balance"]
            totals["by_tier"][tier] = totals["by_tier"].get(tier, 0) + 1
    return totals


def push_totals(session: requests.Session, period: str, totals: dict) -> None:
    key = os.environ["LOYALTYLOOP_API_KEY"]
    resp = session.post(f"{LOYALTY_API}/programmes/salon-group/snapshots",
                        json={"period": period, **totals},
                        headers={"Authorization": f"Bearer {key}"}, timeout=20)
    resp.raise_for_status()
    log.info("snapshot accepted: %s", resp.json().get("id"))


def main() -> int:
    ap = argparse.ArgumentParser(description="Export loyalty balances")
    ap.add_argument("--db", type=Path, default=Path("pos.sqlite3"))
    ap.add_argument("--branch")
    ap.add_argument("--period", default=dt.date.today().strftime("%Y-%m"))
    ap.add_argument("--out-dir", type=Path, default=Path("exports"))
    ap.add_argument("--no-push", action="store_true", help="skip the LoyaltyLoop snapshot")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.db.exists():
        log.error("POS database %s not found", args.db)
        return 2
    args.out_dir.mkdir(exist_ok=True)
    out = args.out_dir / f"loyalty_{args.branch or 'all'}_{args.period}.csv"

    totals = write_export(fetch_members(args.db, args.branch), out)
    log.info("wrote %s (%d members)", out, totals["members"])

    if args.no_push:
        return 0
    with requests.Session() as session:
        try:
            push_totals(session, args.period, totals)
        except (KeyError, requests.RequestException) as exc:
            log.error("snapshot push failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
