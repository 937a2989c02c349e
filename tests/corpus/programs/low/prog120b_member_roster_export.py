#!/usr/bin/env python3
"""Export upcoming membership renewals and hand the batch to the mailing service.

Pulls members whose Science Centre membership lapses within the renewal
window from the local members.db, writes a CSV for the front desk and pushes
the batch to the renewals campaign in the mailing platform.
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

log = logging.getLogger("roster_export")

MAILER_BASE = os.environ.get("MAILER_API_BASE", "https://api.sendwell.io/v3")
FIELDS = ("member_id", "first_name", "last_name", "email", "tier", "expires_on", "household")
RENEWAL_SQL = """
    SELECT member_id, first_name, last_name, email, tier, expires_on, household
      FROM members
     WHERE expires_on BETWEEN ? AND ?
       AND opted_out = 0
       AND tier IN (SELECT value FROM json_each(?))
     ORDER BY expires_on, last_name
"""


def open_db(path):
    if not Path(path).exists():
        raise FileNotFoundError(path)
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    return conn


def due_for_renewal(conn, window_days, tiers):
    today = dt.date.today()
    until = today + dt.timedelta(days=window_days)
    for row in conn.execute(RENEWAL_SQL, (today.isoformat(), until.isoformat(),
                                          json.dumps(list(tiers)))):
        yield dict(row)


def write_csv(rows, out_dir):
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    target = out / f"renewals_{dt.date.today():%Y%m%d}.csv"
    with open(target, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    os.chmod(target, 0o600)
    return target


def push_campaign(rows, campaign_id, api_key, dry_run=False):
    recipients = [{"email": r["email"],
                   "merge": {"first_name": r["first_name"], "tier": r["tier"],
                             "expires_on": r["expires_on"]}} for r in rows]
    if dry_run:
        log.info("dry run: would send %d recipients to campaign %s", len(recipients), campaign_id)
        return None
    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {api_key}",
                            "Content-Type": "application/json"})
    sent = 0
    for i in range(0, len(recipients), 200):
        chunk = recipients[i:i + 200]
        resp = session.post(f"{MAILER_BASE}/campaigns/{campaign_id}/recipients",
                            data=json.dumps({"recipients": chunk}), timeout=30)
        if resp.status_code >= 400:
            log.error("mailer rejected batch %d: %s %s", i // 200, resp.status_code, resp.text[:200])
            resp.raise_for_status()
        sent += len(chunk)
    return sent


def main(argv=None):
    ap = argparse.ArgumentParser(description="Membership renewal export")
    ap.add_argument("--db", default="members.db")
    ap.add_argument("--out", default="exports")
    ap.add_argument("--window", type=int, default=30, help="days ahead")
    ap.add_argument("--tiers", default="individual,family,patron")
    ap.add_argument("--campaign", default=os.environ.get("RENEWAL_CAMPAIGN_ID", ""))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        conn = open_db(args.db)
    except (FileNotFoundError, sqlite3.Error) as exc:
        log.error("cannot open member database: %s", exc)
        return 2
    with conn:
        rows = list(due_for_renewal(conn, args.window, args.tiers.split(",")))
    if not rows:
        log.info("no renewals in the next %d days", args.window)
        return 0

    path = write_csv(rows, args.out)
    log.info("wrote %d renewals to %s", len(rows), path)

    api_key = os.environ.get("MAILER_API_KEY")
    if not api_key or not args.campaign:
        log.warning("MAILER_API_KEY or campaign id missing; CSV only")
        return 0
    try:
        sent = push_campaign(rows, args.campaign, api_key, args.dry_run)
    except requests.RequestException as exc:
        log.error("campaign push failed: %s", exc)
        return 1
    if sent is not None:
        log.info("queued %d recipients on campaign %s", sent, args.campaign)
    return 0


if __name__ == "__main__":
    sys.exit(main())
