#!/usr/bin/env python3
"""Send aftercare reminders to patients treated today.

Reads today's session export (CSV in the working directory) and sends each
patient the aftercare text for their treatment stage through the clinic's SMS
provider.  The provider key is read from SMS_API_KEY.
"""
import argparse
import asyncio
import csv
import json
import logging
import os
import urllib.request
from dataclasses import dataclass
from datetime import date
from pathlib import Path

log = logging.getLogger("aftercare_sms")

API_BASE = os.environ.get("SMS_API_BASE", "https://api.sms-gateway.example.com/v3")
SENDER = os.environ.get("SMS_SENDER", "InkFade")


def template(kind):
    def deco(fn):
        TEMPLATES[kind] = fn
        return fn
    return deco


TEMPLATES = {}


@template("first")
def first_session(p):
    return (f"Hi {p.first_name}, thanks for your first session today. Keep the area "
            "dry for 24h, apply the ointment 3x a day and avoid sun. Blistering is normal.")


@template("follow")
def follow_up(p):
    return (f"Hi {p.first_name}, session {p.session_no} done! Same aftercare as before. "
            "Your next session can be booked from 6 weeks out.")


@template("final")
def final_session(p):
    return (f"Hi {p.first_name}, that was your last planned session. We'll check in at "
            "your 8-week review. Reply STOP to opt out.")


@dataclass
class Patient:
    first_name: str
    phone: str
    session_no: int
    planned: int
    opted_out: bool

    @property
    def stage(self):
        if self.session_no <= 1:
            return "first"
        return "final" if self.session_no >= self.planned else "follow"


def load(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            yield Patient(row["first_name"], row["phone"], int(row["session_no"]),
                          int(row["planned_sessions"]), row.get("opted_out") == "1")


def _post(body: dict, key: str):
    req = urllib.request.Request(
        f"{API_BASE}/messages", data=json.dumps(body).encode(), method="POST",
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        return json.load(resp).get("id")


async def send_all(patients, key, dry_run):
    loop = asyncio.get_running_loop()
    sent = 0
    for p in patients:
        if p.opted_out:
            continue
        text = TEMPLATES[p.stage](p)
        body = {"from": SENDER, "to": p.phone, "text": text}
        if dry_run:
            print(f"[dry-run] {p.phone}: {text}")
            continue
        msg_id = await loop.run_in_executor(None, _post, body, key)
        log.info("sent %s to %s", msg_id, p.phone[-4:])
        sent += 1
    return sent


def main():
    default_csv = Path(f"sessions_{date.today():%Y%m%d}.csv")
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", nargs="?", type=Path, default=default_csv)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("SMS_API_KEY")
    if not key and not args.dry_run:
        ap.error("SMS_API_KEY is not set")
    n = asyncio.run(send_all(list(load(args.csv)), key, args.dry_run))
    log.info("%d reminder(s) sent", n)


if __name__ == "__main__":
    main()
