#!/usr/bin/env python3
"""Sends SMS reminders to customers whose pawn loans fall due this week."""
import argparse
import csv
import datetime as dt
import logging
import os
import time
from pathlib import Path

import requests

LOG = logging.getLogger("reminders")

SMS_API = os.environ.get("SMS_API_URL", "https://api.smsgateway.example.com/v1/messages")
SMS_KEY = os.environ.get("SMS_API_KEY")
SENDER = os.environ.get("SMS_SENDER", "CornerPawn")

MESSAGE = ("Hi {first}, this is Corner Pawn. Your loan on ticket {ticket} "
           "({item}) is due {due}. Call 555-0142 to extend or redeem.")


def load_due(path, days):
    today = dt.date.today()
    horizon = today + dt.timedelta(days=days)
    due = []
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("status") != "open" or not row.get("phone"):
                continue
            due_date = dt.date.fromisoformat(row["due_date"])
            if today <= due_date <= horizon:
                due.append(row)
    return due


def send_sms(session, row):
    body = MESSAGE.format(first=row["customer_name"].split()[0],
                          ticket=row["ticket_no"], item=row["item"][:30],
                          due=row["due_date"])
    resp = session.post(SMS_API, json={"from": SENDER, "to": row["phone"],
                                       "text": body}, timeout=15)
    if resp.status_code >= 400:
        LOG.warning("ticket %s: gateway said %s", row["ticket_no"], resp.status_code)
        return False
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ledger", type=Path, default=Path("active_loans.csv"))
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    rows = load_due(args.ledger, args.days)
    LOG.info("%d loan(s) due in the next %d days", len(rows), args.days)
    if args.dry_run:
        for r in rows:
            print(r["ticket_no"], r["due_date"], r["customer_name"])
        return
    if not SMS_KEY:
        LOG.error("SMS_API_KEY not set")
        return

    sent = 0
    with requests.Session() as session:
        session.headers["Authorization"] = f"Bearer {SMS_KEY}"
        for row in rows:
            if send_sms(session, row):
                sent += 1
            time.sleep(0.5)
    LOG.info("sent %d reminder(s)", sent)


if __name__ == "__main__":
    main()
