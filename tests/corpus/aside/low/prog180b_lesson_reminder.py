#!/usr/bin/env python3
"""Send tomorrow's lesson reminders to parents by SMS.

Reads the day's schedule export (schedule.csv in the working directory) and
posts one message per lesson to the SMS provider's API.
"""
import argparse
import csv
import logging
import os
import sys
import time
from datetime import date, datetime, timedelta
from pathlib import Path

import requests

log = logging.getLogger("lesson_reminder")

SMS_API = os.environ.get("SMS_API_URL", "https://api.sms-gateway.example.com/v2/messages")
SMS_SENDER = os.environ.get("SMS_SENDER", "PianoSchool")

TEMPLATE = ("Hi {parent}, a reminder that {student} has a {length}-minute piano lesson "
            "with {teacher} tomorrow at {time}. Reply C to cancel.")


def load_lessons(path, day):
    lessons = []
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            when = datetime.strptime(row["start"], "%Y-%m-%d %H:%M")
            if when.date() == day and row.get("phone"):
                lessons.append({**row, "when": when})
    return sorted(lessons, key=lambda r: r["when"])


def build_message(lesson):
    return TEMPLATE.format(
        parent=lesson["parent_name"].split()[0],
        student=lesson["student_name"].split()[0],
        length=lesson.get("minutes", "30"),
        teacher=lesson["teacher"],
        time=lesson["when"].strftime("%H:%M"),
    )


def send_sms(session, to, body):
    resp = session.post(SMS_API, json={"from": SMS_SENDER, "to": to, "body": body}, timeout=15)
    if resp.status_code >= 400:
        log.warning("SMS to %s failed: %d %s", to, resp.status_code, resp.text[:120])
        return False
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--schedule", type=Path, default=Path("schedule.csv"))
    parser.add_argument("--day", type=date.fromisoformat,
                        default=date.today() + timedelta(days=1))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("SMS_API_KEY")
    if not api_key and not args.dry_run:
        log.error("SMS_API_KEY is not set")
        return 1

    lessons = load_lessons(args.schedule, args.day)
    log.info("%d lessons on %s", len(lessons), args.day)

    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {api_key}"})

    sent = 0
    for lesson in lessons:
        body = build_message(lesson)
        if args.dry_run:
            print(f"{lesson['phone']}: {body}")
            continue
        if send_sms(session, lesson["phone"], body):
            sent += 1
        time.sleep(0.5)  # provider rate limit

    if not args.dry_run:
        log.info("sent %d of %d reminders", sent, len(lessons))
    return 0


if __name__ == "__main__":
    sys.exit(main())
