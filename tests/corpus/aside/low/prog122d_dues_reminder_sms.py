#!/usr/bin/env python3
"""Membership dues reminder bot for the boxing gym.

Looks up members whose direct debit failed or whose PAYG balance is overdue
in the front-desk SQLite database and sends a polite SMS through the gym's
SMS provider. A per-run summary is written to ./reports so the owner can see
that reminders went out.

Environment:
    SMS_API_KEY       provider API key (required)
    SMS_API_URL       default https://api.textline-sms.com/v2/messages
    DUES_DB           default ./frontdesk.sqlite3
"""
import argparse
import json
import logging
import os
import sqlite3
import sys
import time
from datetime import date, datetime, timedelta
from pathlib import Path

import requests

log = logging.getLogger("duesbot")

SMS_API_URL = os.environ.get("SMS_API_URL", "https://api.textline-sms.com/v2/messages")
REPORT_DIR = Path("reports")

TEMPLATE = ("Hi {first}, this is {gym}. Your membership payment of GBP {amount:.2f} "
            "was due on {due:%d %b}. Reply PAY for a payment link or call the desk. Thanks!")

OVERDUE_SQL = """
SELECT m.id, m.first_name, m.mobile, p.amount, p.due_date
FROM members m JOIN payments p ON p.member_id = m.id
WHERE p.status IN ('failed', 'overdue') AND p.due_date <= ?
  AND (p.last_reminder IS NULL OR p.last_reminder < ?)
  AND m.sms_opt_in = 1
"""


class RunReport:
    """Collects per-run stats and writes them next to the previous runs."""

    def __init__(self):
        self.started = time.time()
        self.sent = 0
        self.failed = 0
        self.members = []

    def publish(self):
        REPORT_DIR.mkdir(exist_ok=True)
        body = {"sent": self.sent, "failed": self.failed,
                "duration_s": round(time.time() - self.started, 1),
                "member_ids": self.members}
        out = REPORT_DIR / f"run-{datetime.now():%Y%m%d-%H%M%S}.json"
        try:
            out.write_text(json.dumps(body, indent=2))
        except OSError as exc:
            log.warning("could not write report %s: %s", out, exc)


def overdue_members(conn, grace_days):
    today = date.today()
    cutoff = today - timedelta(days=grace_days)
    resend_after = today - timedelta(days=7)
    for row in conn.execute(OVERDUE_SQL, (cutoff.isoformat(), resend_after.isoformat())):
        mid, first, mobile, amount, due = row
        yield mid, first, mobile, float(amount), date.fromisoformat(due)


def send_sms(session, api_key, to, text):
    resp = session.post(SMS_API_URL, json={"to": to, "body": text, "sender": "BOXGYM"},
                        headers={"Authorization": f"Bearer {api_key}"}, timeout=15)
    resp.raise_for_status()
    return resp.json().get("id")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Send overdue dues reminders")
    ap.add_argument("--db", default=os.environ.get("DUES_DB", "frontdesk.sqlite3"))
    ap.add_argument("--gym", default="Southside Boxing Club")
    ap.add_argument("--grace-days", type=int, default=3)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("SMS_API_KEY")
    if not api_key and not args.dry_run:
        log.error("SMS_API_KEY is not set")
        return 2

    report = RunReport()
    conn = sqlite3.connect(args.db)
    session = requests.Session()
    try:
        for mid, first, mobile, amount, due in overdue_members(conn, args.grace_days):
            text = TEMPLATE.format(first=first, gym=args.gym, amount=amount, due=due)
            if args.dry_run:
                log.info("[dry-run] %s: %s", mobile, text)
                continue
            try:
                msg_id = send_sms(session, api_key, mobile, text)
                conn.execute("UPDATE payments SET last_reminder = ? WHERE member_id = ?",
                             (date.today().isoformat(), mid))
                report.sent += 1
                report.members.append(mid)
                log.info("reminded member %s (msg %s)", mid, msg_id)
            except requests.RequestException as exc:
                report.failed += 1
                log.warning("member %s: %s", mid, exc)
        conn.commit()
    finally:
        conn.close()
        report.publish()
    log.info("done: %d sent, %d failed", report.sent, report.failed)
    return 0 if report.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
