#!/usr/bin/env python3
"""Prepares aftercare reminder e-mails for recent clients.

Reads the day's finished sessions from a CSV export, skips public holidays
for the follow-up date, and writes ready-to-send .eml files into an outbox
folder for the front desk to review.
"""
import argparse
import base64
import csv
import logging
import os
from datetime import date, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import requests

log = logging.getLogger("aftercare")

HOLIDAY_FEED = os.environ.get("HOLIDAY_FEED", "https://calendar.example.com/public-holidays.json")
STUDIO_EMAIL = os.environ.get("STUDIO_EMAIL", "hello@inkhouse.example")
FOLLOW_UP_DAYS = (3, 14)

TEMPLATE = """Hi {first_name},

Thanks for sitting with {artist} on {session_day}. A quick reminder for the
next few days: wash gently twice a day, use a thin layer of the aftercare
balm, and keep the piece out of the sun and out of pools.

If anything looks off, reply to this message or call the studio.

InkHouse Tattoo
"""


def fetch_holidays():
    try:
        resp = requests.get(HOLIDAY_FEED, timeout=10)
        resp.raise_for_status()
        return {date.fromisoformat(d) for d in resp.json().get("dates", [])}
    except (requests.RequestException, ValueError) as exc:
        log.warning("holiday feed unavailable (%s), ignoring holidays", exc)
        return set()


def next_working_day(day, holidays):
    while day.weekday() == 6 or day in holidays:
        day += timedelta(days=1)
    return day


def read_sessions(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("status") == "completed" and row.get("email"):
                yield row


def build_message(row, send_on, care_sheet):
    msg = EmailMessage()
    msg["From"] = STUDIO_EMAIL
    msg["To"] = row["email"]
    msg["Subject"] = "Aftercare for your new tattoo"
    msg["X-Send-On"] = send_on.isoformat()
    msg.set_content(TEMPLATE.format(
        first_name=row["name"].split()[0],
        artist=row.get("artist", "your artist"),
        session_day=row["day"],
    ))
    if care_sheet:
        msg.add_attachment(care_sheet, maintype="application", subtype="pdf",
                           filename="aftercare.pdf")
    return msg


def load_care_sheet(path):
    if not path or not Path(path).is_file():
        return None
    data = Path(path).read_bytes()
    log.info("care sheet attached (%d bytes, %d base64 chars)",
             len(data), len(base64.b64encode(data)))
    return data


def main():
    parser = argparse.ArgumentParser(description="Write aftercare reminder e-mails")
    parser.add_argument("sessions_csv")
    parser.add_argument("--outbox", default="outbox")
    parser.add_argument("--care-sheet", default="aftercare.pdf")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    holidays = fetch_holidays()
    care_sheet = load_care_sheet(args.care_sheet)
    outbox = Path(args.outbox)
    outbox.mkdir(exist_ok=True)

    written = 0
    for row in read_sessions(args.sessions_csv):
        session_day = datetime.strptime(row["day"], "%Y-%m-%d").date()
        for offset in FOLLOW_UP_DAYS:
            send_on = next_working_day(session_day + timedelta(days=offset), holidays)
            msg = build_message(row, send_on, care_sheet)
            safe = row["email"].replace("@", "_at_").replace("/", "_")
            target = outbox / "{}-{}-d{}.eml".format(send_on.isoformat(), safe, offset)
            target.write_bytes(bytes(msg))
            written += 1
    log.info("wrote %d reminder files to %s", written, outbox)


if __name__ == "__main__":
    main()
