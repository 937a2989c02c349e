#!/usr/bin/env python3
"""Export the monthly large-win and cash-transaction return for the gaming commission.

Reads the jackpot and cage tables from the property's operations database,
writes the return as CSV into ./exports for the compliance officer to sign
off, and submits the JSON version to the commission's filing API.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import sqlite3
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("gc_export")
API_BASE = os.environ.get("GC_API_BASE", "https://filing.gamingcommission.example.gov/api/v2")
LARGE_WIN_THRESHOLD = 1200_00  # cents
CTR_THRESHOLD = 10000_00


def month_bounds(period):
    start = dt.datetime.strptime(period, "%Y-%m").date()
    end = (start.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
    return start.isoformat(), end.isoformat()


def fetch_large_wins(conn, start, end):
    cur = conn.execute(
        """SELECT j.paid_at, j.asset_no, j.amount_cents, p.member_id, p.id_type, p.id_last4
             FROM jackpots j LEFT JOIN patrons p ON p.member_id = j.member_id
            WHERE j.paid_at >= ? AND j.paid_at < ? AND j.amount_cents >= ?
            ORDER BY j.paid_at""",
        (start, end, LARGE_WIN_THRESHOLD),
    )
    return [dict(zip([c[0] for c in cur.description], row)) for row in cur]


def fetch_cash_transactions(conn, start, end):
    cur = conn.execute(
        """SELECT member_id, date(txn_at) AS gaming_day,
                  SUM(CASE WHEN direction='in' THEN amount_cents ELSE 0 END) AS cash_in,
                  SUM(CASE WHEN direction='out' THEN amount_cents ELSE 0 END) AS cash_out
             FROM cage_transactions
            WHERE txn_at >= ? AND txn_at < ?
            GROUP BY member_id, gaming_day
           HAVING cash_in >= ? OR cash_out >= ?""",
        (start, end, CTR_THRESHOLD, CTR_THRESHOLD),
    )
    return [dict(zip([c[0] for c in cur.description], row)) for row in cur]


def write_csv(path, rows):
    if not rows:
        path.write_text("")
        return
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def submit(payload, licence_no, api_key, timeout):
    url = f"{API_BASE}/licensees/{licence_no}/returns"
    resp = requests.post(
        url,
        json=payload,
        headers={"Authorization": f"Bearer {api_key}", "User-Agent": "gc-export/1.4"},
        timeout=timeout,
    )
    resp.raise_for_status()
    return resp.json()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("period", help="reporting month, YYYY-MM")
    ap.add_argument("--db", default="casino_ops.db")
    ap.add_argument("--licence", default=os.environ.get("GC_LICENCE_NO", ""))
    ap.add_argument("--outdir", type=Path, default=Path("exports"))
    ap.add_argument("--no-submit", action="store_true", help="write files only")
    ap.add_argument("--timeout", type=float, default=30)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    start, end = month_bounds(args.period)
    conn = sqlite3.connect(args.db)
    try:
        wins = fetch_large_wins(conn, start, end)
        ctrs = fetch_cash_transactions(conn, start, end)
    finally:
        conn.close()
    LOG.info("%s: %d large wins, %d reportable cash days", args.period, len(wins), len(ctrs))

    args.outdir.mkdir(exist_ok=True)
    write_csv(args.outdir / f"large_wins_{args.period}.csv", wins)
    write_csv(args.outdir / f"cash_txn_{args.period}.csv", ctrs)
    payload = {
        "period": args.period,
        "generated_at": dt.datetime.utcnow().isoformat() + "Z",
        "large_wins": wins,
        "cash_transactions": ctrs,
    }
    (args.outdir / f"return_{args.period}.json").write_text(json.dumps(payload, indent=2))

    if args.no_submit:
        return 0
    api_key = os.environ.get("GC_API_KEY")
    if not api_key or not args.licence:
        LOG.error("GC_API_KEY and licence number are required to submit")
        return 2
    try:
        receipt = submit(payload, args.licence, api_key, args.timeout)
    except requests.RequestException as exc:
        LOG.error("submission failed: %s", exc)
        return 1
    LOG.info("accepted, filing reference %s", receipt.get("reference"))
    (args.outdir / f"receipt_{args.period}.json").write_text(json.dumps(receipt, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
