#!/usr/bin/env python3
"""Export the donation ledger and upload it to the trust's finance portal.

Reads donations for a period from the visitor centre's SQLite till database,
writes a CSV for the treasurer, and submits a JSON summary (totals by fund and
Gift Aid eligibility) to the finance portal. The portal runs on the trust's
own server with a self-issued certificate, so verification is relaxed unless
LEDGER_PORTAL_VERIFY=1 is set.
"""

import argparse
import csv
import http.client
import json
import logging
import os
import sqlite3
import ssl
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("ledger-upload")

PORTAL_HOST = os.environ.get("LEDGER_PORTAL_HOST", "finance.lighthouse-trust.example")
PORTAL_PATH = "/api/v2/ledger/submissions"
VERIFY_TLS = os.environ.get("LEDGER_PORTAL_VERIFY", "0") == "1"


def fetch_donations(db_path, start, end):
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    try:
        rows = conn.execute(
            "SELECT id, taken_at, amount_pence, fund, method, gift_aid "
            "FROM donations WHERE date(taken_at) BETWEEN ? AND ? ORDER BY taken_at",
            (start.isoformat(), end.isoformat()),
        ).fetchall()
    finally:
        conn.close()
    return [dict(r) for r in rows]


def write_csv(rows, out_path):
    with open(out_path, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["id", "taken_at", "amount_pence", "fund", "method", "gift_aid"])
        w.writeheader()
        w.writerows(rows)
    os.chmod(out_path, 0o600)


def summarise(rows):
    by_fund = {}
    gift_aid = 0
    for r in rows:
        by_fund[r["fund"]] = by_fund.get(r["fund"], 0) + r["amount_pence"]
        if r["gift_aid"]:
            gift_aid += r["amount_pence"]
    return {
        "count": len(rows),
        "total_pence": sum(by_fund.values()),
        "by_fund": by_fund,
        "gift_aid_eligible_pence": gift_aid,
    }


def portal_context():
    ctx = ssl.create_default_context()
    if not VERIFY_TLS:
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
    return ctx


def submit(summary, period, csv_name, token):
    body = json.dumps({
        "site": os.environ.get("LEDGER_SITE", "visitor-centre"),
        "period": period,
        "file": csv_name,
        "summary": summary,
    })
    headers = {
        "Content-Type": "application/json",
        "Authorization": "Bearer " + token,
    }
    conn = http.client.HTTPSConnection(PORTAL_HOST, timeout=30, context=portal_context())
    try:
        conn.request("POST", PORTAL_PATH, body=body, headers=headers)
        resp = conn.getresponse()
        payload = resp.read().decode("utf-8", "replace")
    finally:
        conn.close()
    if resp.status >= 300:
        raise RuntimeError("portal returned %s: %s" % (resp.status, payload[:200]))
    return json.loads(payload or "{}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="till.sqlite3")
    ap.add_argument("--start", type=date.fromisoformat, required=True)
    ap.add_argument("--end", type=date.fromisoformat, required=True)
    ap.add_argument("--out", default=None, help="CSV path (default ledger_START_END.csv)")
    ap.add_argument("--no-submit", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.end < args.start:
        ap.error("--end is before --start")

    rows = fetch_donations(args.db, args.start, args.end)
    out = args.out or "ledger_%s_%s.csv" % (args.start, args.end)
    write_csv(rows, out)
    summary = summarise(rows)
    log.info("%d donations, total £%.2f -> %s", summary["count"], summary["total_pence"] / 100, out)

    if args.no_submit:
        return 0
    token = os.environ.get("LEDGER_PORTAL_TOKEN")
    if not token:
        log.error("LEDGER_PORTAL_TOKEN not set; use --no-submit for a local export")
        return 2
    period = "%s/%s" % (args.start, args.end)
    try:
        result = submit(summary, period, Path(out).name, token)
    except (OSError, RuntimeError, ValueError) as exc:
        log.error("submission failed: %s", exc)
        return 1
    log.info("submitted, reference %s", result.get("reference", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
