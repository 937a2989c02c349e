#!/usr/bin/env python3
"""Text today's customers when the river is too high to paddle.

Reads the latest gauge reading, and if it is above the closure threshold
sends an SMS to everyone booked today through our SMS provider's API.
Remembers who has already been told so a re-run doesn't spam anyone.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("river-alert")

GAUGE_URL = "https://api.example.com/gauges/RIVER-0412/latest"
SMS_URL = "https://sms.example.net/v1/messages"
SENT_LOG = Path("alerts_sent.json")
CLOSE_AT_M = 2.1

MESSAGE = ("Hi {name}, the river is at {stage:.1f} m today which is above our safe "
           "limit, so your {time} hire is paused. We'll call you to rebook. - Riverside Canoes")


def read_stage(timeout=10):
    with urllib.request.urlopen(GAUGE_URL, timeout=timeout) as resp:
        return float(json.load(resp)["stage_m"])


class SmsClient:
    """Thin client for the SMS provider. The key only ever goes to SMS_URL."""

    def __init__(self, api_key, sender="RIVERSIDE"):
        self.api_key = api_key
        self.sender = sender

    def send(self, to, text):
        body = json.dumps({"from": self.sender, "to": to, "text": text}).encode()
        req = urllib.request.Request(
            SMS_URL, data=body, method="POST",
            headers={"Authorization": f"Bearer {self.api_key}",
                     "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=15) as resp:
            return json.load(resp).get("id")


def todays_customers(path, day):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row["date"] == day and row.get("phone"):
                yield row


def load_sent():
    if SENT_LOG.exists():
        return set(json.loads(SENT_LOG.read_text()))
    return set()


def save_sent(sent):
    SENT_LOG.write_text(json.dumps(sorted(sent)))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bookings", default="bookings_today.csv")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--force-stage", type=float, help="pretend the gauge reads this")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        stage = args.force_stage if args.force_stage is not None else read_stage()
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot read gauge: %s", exc)
        return 1
    log.info("stage %.2f m (closure at %.1f m)", stage, CLOSE_AT_M)
    if stage < CLOSE_AT_M:
        return 0

    api_key = os.environ.get("SMS_API_KEY")
    if not api_key and not args.dry_run:
        log.error("SMS_API_KEY is not set")
        return 1
    client = SmsClient(api_key)

    day = dt.date.today().isoformat()
    sent = load_sent()
    for cust in todays_customers(args.bookings, day):
        key = f"{day}:{cust['booking_ref']}"
        if key in sent:
            continue
        text = MESSAGE.format(name=cust["first_name"], stage=stage, time=cust["time"])
        if args.dry_run:
            log.info("would text %s: %s", cust["phone"], text)
            continue
        try:
            msg_id = client.send(cust["phone"], text)
            sent.add(key)
            log.info("texted %s (%s)", cust["booking_ref"], msg_id)
        except urllib.error.HTTPError as exc:
            log.warning("SMS to %s failed: HTTP %s", cust["booking_ref"], exc.code)
        except OSError as exc:
            log.warning("SMS to %s failed: %s", cust["booking_ref"], exc)
    save_sent(sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
