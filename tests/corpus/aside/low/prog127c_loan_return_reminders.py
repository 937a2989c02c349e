#!/usr/bin/env python3
"""Send return reminders for tool-library loans that are due or overdue.

Reads loans.csv (item, borrower, email, due date) from the working directory,
works out who needs a nudge, and sends each borrower one email through the
Postmark API. A small state file stops the same person being reminded twice
on the same day.
"""

import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys
from collections import defaultdict

import requests

POSTMARK_URL = "https://api.postmarkapp.com/email"
STATE_FILE = ".reminder_state.json"
log = logging.getLogger("loan-reminders")


def load_loans(path):
    loans = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("returned", "").strip().lower() in ("y", "yes", "1"):
                continue
            try:
                row["due"] = dt.date.fromisoformat(row["due"].strip())
            except (KeyError, ValueError):
                log.warning("bad due date for item %s", row.get("item"))
                continue
            loans.append(row)
    return loans


def group_due(loans, today, days_ahead):
    horizon = today + dt.timedelta(days=days_ahead)
    by_borrower = defaultdict(list)
    for loan in loans:
        if loan["due"] <= horizon:
            by_borrower[(loan["borrower"], loan["email"])].append(loan)
    return by_borrower


def compose(borrower, items, today, branch):
    lines = [f"Hi {borrower.split()[0]},", ""]
    lines.append(f"A quick reminder from the {branch} tool library:")
    for it in sorted(items, key=lambda x: x["due"]):
        late = (today - it["due"]).days
        when = f"{late} day(s) overdue" if late > 0 else f"due {it['due']:%a %d %b}"
        lines.append(f"  - {it['item']} ({when})")
    lines += ["", "Drop-off is Saturday 10:00-13:00. Thanks for sharing!", ""]
    return "\n".join(lines)


def load_state():
    try:
        with open(STATE_FILE, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, json.JSONDecodeError):
        return {}


def save_state(state):
    with open(STATE_FILE, "w", encoding="utf-8") as fh:
        json.dump(state, fh, indent=2)
    os.chmod(STATE_FILE, 0o600)


class Mailer:
    def __init__(self, token, sender, dry_run=False):
        self.session = requests.Session()
        self.session.headers.update({
            "Accept": "application/json",
            "X-Postmark-Server-Token": token,
        })
        self.sender = sender
        self.dry_run = dry_run

    def send(self, to, subject, body):
        if self.dry_run:
            log.info("[dry-run] would mail %s: %s", to, subject)
            return True
        resp = self.session.post(POSTMARK_URL, json={
            "From": self.sender, "To": to, "Subject": subject,
            "TextBody": body, "MessageStream": "outbound",
        }, timeout=15)
        if resp.status_code != 200:
            log.error("Postmark rejected mail to %s: %s", to, resp.text[:200])
            return False
        return True


def run(args):
    token = os.environ.get("POSTMARK_SERVER_TOKEN")
    if not token and not args.dry_run:
        log.error("POSTMARK_SERVER_TOKEN is not set")
        return 2
    today = dt.date.today()
    loans = load_loans(args.loans)
    due = group_due(loans, today, args.days_ahead)
    state = load_state()
    mailer = Mailer(token or "", args.sender, args.dry_run)
    sent = 0
    for (borrower, email), items in due.items():
        if state.get(email) == today.isoformat():
            log.debug("already reminded %s today", email)
            continue
        body = compose(borrower, items, today, args.branch)
        if mailer.send(email, f"{args.branch} tool library: return reminder", body):
            state[email] = today.isoformat()
            sent += 1
    if not args.dry_run:
        save_state(state)
    log.info("%d borrower(s) due, %d reminder(s) sent", len(due), sent)
    return 0


def main():
    ap = argparse.ArgumentParser(description="Email tool-library return reminders")
    ap.add_argument("--loans", default="loans.csv")
    ap.add_argument("--days-ahead", type=int, default=2)
    ap.add_argument("--branch", default="Northside")
    ap.add_argument("--sender", default="loans@northside-tools.example.org")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        return run(args)
    except FileNotFoundError as exc:
        log.error("missing input: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
