#!/usr/bin/env python3
"""Send next-day appointment reminder e-mails through SendGrid.

Reads tomorrow's bookings from the scheduler's CSV export and sends one
reminder per client.  The API key comes from SENDGRID_API_KEY.
"""
import argparse
import asyncio
import csv
import datetime as dt
import json
import logging
import os
import urllib.error
import urllib.request
from dataclasses import dataclass

log = logging.getLogger("reminders")

API_URL = "https://api.sendgrid.com/v3/mail/send"
TEMPLATE = (
    "Hi {first},\n\nThis is a reminder of your {service} appointment with "
    "{stylist} tomorrow at {time}.\nReply to this e-mail if you need to "
    "reschedule.\n\nSee you soon!\nPolished Nail Bar"
)


@dataclass
class Booking:
    first: str
    email: str
    service: str
    stylist: str
    date: str
    time: str

    def message(self, sender):
        return {
            "personalizations": [{"to": [{"email": self.email}]}],
            "from": {"email": sender},
            "subject": f"Reminder: {self.service} tomorrow at {self.time}",
            "content": [{"type": "text/plain", "value": TEMPLATE.format(**self.__dict__)}],
        }


def load_bookings(path, day):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("date") == day and row.get("email"):
                yield Booking(row["first_name"], row["email"], row["service"],
                              row["stylist"], row["date"], row["time"])


def post(payload, key, timeout):
    req = urllib.request.Request(
        API_URL, data=json.dumps(payload).encode(), method="POST",
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


async def send_all(bookings, key, sender, timeout, limit=4):
    sem = asyncio.Semaphore(limit)
    loop = asyncio.get_running_loop()

    async def one(b):
        async with sem:
            try:
                status = await loop.run_in_executor(None, post, b.message(sender), key, timeout)
                log.info("sent to %s (%s)", b.email, status)
                return True
            except urllib.error.HTTPError as exc:
                log.error("rejected for %s: HTTP %s", b.email, exc.code)
            except urllib.error.URLError as exc:
                log.error("network error for %s: %s", b.email, exc.reason)
            return False

    results = await asyncio.gather(*(one(b) for b in bookings))
    return sum(results)


def main():
    ap = argparse.ArgumentParser(description="appointment reminder e-mails")
    ap.add_argument("--bookings", default="bookings_export.csv")
    ap.add_argument("--date", default=(dt.date.today() + dt.timedelta(days=1)).isoformat())
    ap.add_argument("--sender", default="bookings@example.com")
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    bookings = list(load_bookings(args.bookings, args.date))
    log.info("%d reminders for %s", len(bookings), args.date)
    if args.dry_run or not bookings:
        for b in bookings:
            print(b.email, "|", b.message(args.sender)["subject"])
        return 0
    key = os.environ.get("SENDGRID_API_KEY")
    if not key:
        log.error("SENDGRID_API_KEY is not set")
        return 2
    sent = asyncio.run(send_all(bookings, key, args.sender, args.timeout))
    log.info("%d/%d reminders sent", sent, len(bookings))
    return 0 if sent == len(bookings) else 1


if __name__ == "__main__":
    raise SystemExit(main())
