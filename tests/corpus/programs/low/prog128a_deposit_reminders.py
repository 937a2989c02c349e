#!/usr/bin/env python3
"""Email customers whose marquee or inflatable hire deposit is still unpaid.

Reads the weekly bookings export (CSV from the office system), picks the
bookings whose event is within the reminder window and whose deposit is
outstanding, and sends each customer a reminder through the SendGrid API.

    deposit_reminders.py exports/bookings_week.csv --days 14 --dry-run
"""
import argparse
import csv
import json
import logging
import os
import sys
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path

import requests

log = logging.getLogger("deposit_reminders")

SENDGRID_URL = "https://api.sendgrid.com/v3/mail/send"
TEMPLATE = """Hi {first_name},

Thanks for booking the {item} with us for {event_date:%A %d %B}.
We still need your deposit of £{deposit:.2f} to hold the date; after
{cutoff:%d %B} the slot is released to the waiting list.

You can pay by card at https://pay.partyhire.example.com/{booking_id}
or by bank transfer quoting {booking_id}.

Cheers,
The Big Top Party Hire team
"""


@dataclass
class Booking:
    booking_id: str
    first_name: str
    email: str
    item: str
    event_date: date
    deposit: float
    deposit_paid: bool

    @classmethod
    def from_row(cls, row):
        return cls(
            booking_id=row["ref"].strip(),
            first_name=row["customer_name"].split()[0].title(),
            email=row["email"].strip().lower(),
            item=row["item_description"].strip(),
            event_date=datetime.strptime(row["event_date"], "%Y-%m-%d").date(),
            deposit=float(row.get("deposit_due") or 0),
            deposit_paid=row.get("deposit_paid", "").strip().lower() in ("y", "yes", "1"),
        )


def read_bookings(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                yield Booking.from_row(row)
            except (KeyError, ValueError) as exc:
                log.warning("%s:%d skipped: %s", path, lineno, exc)


def due_reminders(bookings, window_days, today=None):
    today = today or date.today()
    horizon = today + timedelta(days=window_days)
    for b in bookings:
        if not b.deposit_paid and b.deposit > 0 and today <= b.event_date <= horizon:
            yield b


def build_message(b, sender):
    body = TEMPLATE.format(cutoff=b.event_date - timedelta(days=7), **b.__dict__)
    return {
        "personalizations": [{"to": [{"email": b.email}]}],
        "from": {"email": sender, "name": "Big Top Party Hire"},
        "subject": f"Deposit reminder for booking {b.booking_id}",
        "content": [{"type": "text/plain", "value": body}],
        "categories": ["deposit-reminder"],
    }


def send(session, message):
    resp = session.post(SENDGRID_URL, data=json.dumps(message), timeout=20)
    if resp.status_code >= 300:
        raise RuntimeError(f"SendGrid returned {resp.status_code}: {resp.text[:200]}")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Send deposit reminder emails")
    ap.add_argument("export", type=Path)
    ap.add_argument("--days", type=int, default=14)
    ap.add_argument("--sender", default=os.environ.get("REMINDER_FROM", "bookings@partyhire.example.com"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("SENDGRID_API_KEY")
    if not api_key and not args.dry_run:
        log.error("SENDGRID_API_KEY not set")
        return 2

    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {api_key}",
                            "Content-Type": "application/json"})
    sent = failed = 0
    for b in due_reminders(read_bookings(args.export), args.days):
        msg = build_message(b, args.sender)
        if args.dry_run:
            print(f"would remind {b.email} ({b.booking_id}, £{b.deposit:.2f})")
            continue
        try:
            send(session, msg)
            sent += 1
        except (requests.RequestException, RuntimeError) as exc:
            log.error("%s: %s", b.booking_id, exc)
            failed += 1
    log.info("reminders sent=%d failed=%d", sent, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
