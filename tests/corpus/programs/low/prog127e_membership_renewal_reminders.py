#!/usr/bin/env python3
"""Send membership renewal reminders for the bowls club.

Reads the membership secretary's export (members.csv), picks the members whose
renewal date falls inside the reminder window, renders the reminder from
templates/renewal.txt and sends it through the Postmark API.  A short run
summary is written to renewal_runs/ so the secretary can see the reminders
went out.

Environment:
    POSTMARK_SERVER_TOKEN   Postmark server token (required)
"""

import argparse
import csv
import json
import logging
import os
import string
import sys
import time
from datetime import date, datetime, timedelta
from pathlib import Path

import requests

log = logging.getLogger("renewals")

POSTMARK_URL = "https://api.postmarkapp.com/email"
FROM_ADDR = "Membership Secretary <membership@riversidebowls.org.uk>"
RUNS_DIR = Path("renewal_runs")


def write_summary(summary):
    RUNS_DIR.mkdir(exist_ok=True)
    path = RUNS_DIR / f"{datetime.now():%Y%m%d-%H%M%S}.json"
    path.write_text(json.dumps(summary, indent=2), encoding="utf-8")
    os.chmod(path, 0o600)
    return path


def due_members(path, today, window_days):
    horizon = today + timedelta(days=window_days)
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            if row.get("status", "").lower() in {"lapsed", "resigned", "deceased"}:
                continue
            if not row.get("email"):
                continue
            try:
                renew = date.fromisoformat(row["renewal_date"])
            except (KeyError, ValueError):
                log.warning("member %s has no usable renewal date", row.get("member_no"))
                continue
            if today <= renew <= horizon:
                row["renewal"] = renew
                yield row


def render(template, member, fee_table):
    grade = member.get("grade", "full").lower()
    return template.substitute(
        first_name=member.get("first_name", "member"),
        member_no=member.get("member_no", ""),
        renewal_date=member["renewal"].strftime("%-d %B %Y"),
        fee="£{:.2f}".format(fee_table.get(grade, fee_table["full"])),
    )


def send_email(session, token, to_addr, subject, body):
    resp = session.post(
        POSTMARK_URL,
        headers={"X-Postmark-Server-Token": token, "Accept": "application/json"},
        json={"From": FROM_ADDR, "To": to_addr, "Subject": subject,
              "TextBody": body, "MessageStream": "outbound"},
        timeout=20,
    )
    resp.raise_for_status()
    return resp.json().get("MessageID")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Send membership renewal reminders")
    ap.add_argument("members_csv", type=Path)
    ap.add_argument("--template", type=Path, default=Path("templates/renewal.txt"))
    ap.add_argument("--window", type=int, default=30, help="days ahead to remind")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("POSTMARK_SERVER_TOKEN")
    if not token and not args.dry_run:
        log.error("POSTMARK_SERVER_TOKEN is not set")
        return 2

    template = string.Template(args.template.read_text(encoding="utf-8"))
    fees = {"full": 95.0, "social": 30.0, "junior": 15.0, "country": 55.0}
    session = requests.Session()
    sent, failed, message_ids = 0, [], []

    for member in due_members(args.members_csv, date.today(), args.window):
        body = render(template, member, fees)
        subject = f"Your Riverside Bowls membership renews on {member['renewal']:%-d %B}"
        if args.dry_run:
            log.info("would send to %s", member["email"])
            continue
        try:
            message_ids.append(send_email(session, token, member["email"], subject, body))
            sent += 1
        except requests.RequestException as exc:
            log.warning("send to %s failed: %s", member["email"], exc)
            failed.append(member.get("member_no"))
        time.sleep(0.2)

    log.info("reminders sent: %d, failed: %d", sent, len(failed))
    path = write_summary({"date": date.today().isoformat(), "sent": sent, "failed": failed,
                          "message_ids": message_ids, "dry_run": args.dry_run})
    log.info("summary written to %s", path)
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
