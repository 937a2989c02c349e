#!/usr/bin/env python3
"""Send "ready for collection" text reminders for finished repairs.

Reads the repair queue export (repairs.csv from the counter till), picks the
jobs that are finished but not collected after N days, and sends each
customer a text through the SMS gateway.  Sent reminders are logged to
reminders_sent.csv so nobody is texted twice in the same week.

Delivery receipts are polled from the gateway's status endpoint.
"""

import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("reminders")

GATEWAY = os.environ.get("SMS_GATEWAY_URL", "https://api.textlocal-gw.example.net/send")
STATUS_URL = os.environ.get("SMS_STATUS_URL", "https://api.textlocal-gw.example.net/status")
SENT_LOG = Path("reminders_sent.csv")

TEMPLATE = ("Hi {first}, your {item} (ticket {ticket}) is ready to collect from "
            "Hollis & Son Shoe Repairs. Open Mon-Sat 8:30-17:30.")


def already_sent(days=7):
    recent = set()
    if not SENT_LOG.exists():
        return recent
    cutoff = dt.date.today() - dt.timedelta(days=days)
    with SENT_LOG.open(newline="") as fh:
        for row in csv.DictReader(fh):
            if dt.date.fromisoformat(row["date"]) >= cutoff:
                recent.add(row["ticket"])
    return recent


def due_jobs(path, min_days):
    today = dt.date.today()
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            if row.get("status") != "FINISHED" or row.get("collected"):
                continue
            finished = dt.date.fromisoformat(row["finished_on"])
            if (today - finished).days >= min_days and row.get("mobile"):
                yield row


def send_sms(api_key, to, text):
    body = json.dumps({"to": to, "message": text, "sender": "HOLLIS"}).encode()
    req = urllib.request.Request(GATEWAY, data=body, method="POST", headers={
        "Content-Type": "application/json",
        "Authorization": f"Token {api_key}",
    })
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.load(resp).get("message_id", "")


def confirm_receipt(api_key, msg_id):
    url = STATUS_URL + "?" + urllib.parse.urlencode({"id": msg_id})
    req = urllib.request.Request(url, headers={"Authorization": f"Token {api_key}"})
    try:
        with urllib.request.urlopen(req, timeout=15) as resp:
            status = json.load(resp).get("status", "unknown")
    except (urllib.error.URLError, ValueError) as exc:
        log.debug("status lookup for %s failed: %s", msg_id, exc)
        return "unknown"
    log.debug("message %s: %s", msg_id, status)
    return status


def log_sent(rows):
    new = not SENT_LOG.exists()
    with SENT_LOG.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["date", "ticket", "mobile", "message_id", "status"])
        if new:
            w.writeheader()
        w.writerows(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("repairs_csv")
    ap.add_argument("--days", type=int, default=3, help="days since finished")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("SMS_API_KEY")
    if not api_key and not args.dry_run:
        log.error("SMS_API_KEY not set")
        return 2

    skip = already_sent()
    sent_rows = []
    futures = []
    pool = ThreadPoolExecutor(max_workers=4)
    for job in due_jobs(args.repairs_csv, args.days):
        if job["ticket"] in skip:
            continue
        text = TEMPLATE.format(first=job["customer"].split()[0], item=job["item"].lower(),
                               ticket=job["ticket"])
        if args.dry_run:
            print(f"{job['mobile']}: {text}")
            continue
        try:
            msg_id = send_sms(api_key, job["mobile"], text)
        except (urllib.error.URLError, ValueError) as exc:
            log.warning("could not text ticket %s: %s", job["ticket"], exc)
            continue
        row = {"date": dt.date.today().isoformat(), "ticket": job["ticket"],
               "mobile": job["mobile"], "message_id": msg_id}
        futures.append((row, pool.submit(confirm_receipt, api_key, msg_id)))
    pool.shutdown(wait=True)

    for row, fut in futures:
        row["status"] = fut.result()
        sent_rows.append(row)

    if sent_rows:
        log_sent(sent_rows)
    log.info("sent %d reminders", len(sent_rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
