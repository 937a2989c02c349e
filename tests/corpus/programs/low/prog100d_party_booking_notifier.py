#!/usr/bin/env python3
"""Party booking notifier for the trampoline park.

Reads the day's party bookings exported from the booking system (CSV),
renders confirmation / reminder emails and sends them through the
Postmark-style transactional mail API.  Seasonal wording lives in a
small JSON file next to the templates so front-of-house can edit it.
"""
import argparse
import csv
import json
import logging
import os
import sys
from datetime import datetime, timedelta
from pathlib import Path
from string import Template

import requests

log = logging.getLogger("party-notifier")

MAIL_API = "https://api.mailrelay.io/email"
TEMPLATE_DIR = Path("templates")
SEASONAL_FILE = TEMPLATE_DIR / "seasonal.json"


class Seasonal:
    """Optional seasonal wording; empty unless seasonal.json exists."""

    def __init__(self, path=SEASONAL_FILE):
        self.extra = {}
        self.subject_suffix = ""
        if path.exists():
            try:
                data = json.loads(path.read_text())
                self.extra = data.get("extra", {})
                self.subject_suffix = data.get("subject_suffix", "")
                log.info("seasonal wording loaded from %s", path)
            except json.JSONDecodeError as exc:
                log.warning("ignoring broken %s: %s", path, exc)

    def apply(self, ctx):
        merged = dict(ctx)
        merged.update(self.extra)
        return merged


def load_bookings(path, window_days):
    today = datetime.now().date()
    horizon = today + timedelta(days=window_days)
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            when = datetime.strptime(row["party_date"], "%Y-%m-%d").date()
            if today <= when <= horizon:
                row["party_date_obj"] = when
                yield row


def render(kind, booking, seasonal):
    tpl = Template((TEMPLATE_DIR / f"{kind}.txt").read_text())
    ctx = {
        "parent": booking["parent_name"],
        "child": booking["child_name"],
        "date": booking["party_date_obj"].strftime("%A %d %B"),
        "time": booking["start_time"],
        "room": booking.get("room", "Party Room 1"),
        "guests": booking["guest_count"],
        "deposit": booking.get("deposit_paid", "0.00"),
    }
    ctx = seasonal.apply(ctx)
    subject = f"{ctx['child']}'s party on {ctx['date']}{seasonal.subject_suffix}"
    return subject, tpl.substitute(ctx)


def send(session, to, subject, body, sender):
    payload = {"From": sender, "To": to, "Subject": subject,
               "TextBody": body, "MessageStream": "outbound"}
    r = session.post(MAIL_API, data=json.dumps(payload), timeout=20)
    r.raise_for_status()
    return r.json().get("MessageID")


def main():
    ap = argparse.ArgumentParser(description="send party confirmation emails")
    ap.add_argument("bookings", help="CSV export from the booking system")
    ap.add_argument("--kind", choices=["confirmation", "reminder"], default="reminder")
    ap.add_argument("--days", type=int, default=3)
    ap.add_argument("--sender", default="parties@bouncehq-parks.com")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("MAILRELAY_SERVER_TOKEN")
    if not key and not args.dry_run:
        log.error("MAILRELAY_SERVER_TOKEN not set")
        return 2

    seasonal = Seasonal()
    session = requests.Session()
    session.headers.update({"X-Server-Token": key or "",
                            "Accept": "application/json",
                            "Content-Type": "application/json"})
    sent = failed = 0
    for booking in load_bookings(args.bookings, args.days):
        try:
            subject, body = render(args.kind, booking, seasonal)
        except KeyError as exc:
            log.error("template needs field %s (booking %s)", exc, booking.get("booking_id"))
            failed += 1
            continue
        if args.dry_run:
            print(f"--- {booking['parent_email']}: {subject}\n{body}")
            continue
        try:
            mid = send(session, booking["parent_email"], subject, body, args.sender)
            log.info("sent %s to %s (%s)", args.kind, booking["parent_email"], mid)
            sent += 1
        except requests.RequestException as exc:
            log.error("failed for booking %s: %s", booking.get("booking_id"), exc)
            failed += 1
    log.info("%d sent, %d failed", sent, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
