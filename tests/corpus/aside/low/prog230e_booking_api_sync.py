#!/usr/bin/env python3
"""Push locally recorded lesson outcomes to the booking platform API.

Instructors log lesson outcomes (completed, no-show, cancelled) in a CSV on
the office PC. This tool posts the new rows to the booking platform so
invoices and learner progress stay in step, and keeps a receipt file.
"""

import argparse
import csv
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("booking-sync")

API = {
    "host": "api.booking.example.com",
    "path": "/v2/lesson-outcomes",
    "timeout": 15,
    "key_env": "BOOKING_API_KEY",
}
RECEIPTS = "./sync-receipts.jsonl"
VALID = {"completed", "no_show", "cancelled_late", "cancelled"}


def api_key():
    key = os.environ.get(API["key_env"], "").strip()
    if not key:
        raise SystemExit("set %s first" % API["key_env"])
    return key


def already_sent():
    sent = set()
    if os.path.exists(RECEIPTS):
        with open(RECEIPTS) as fh:
            for line in fh:
                try:
                    sent.add(json.loads(line)["row_id"])
                except (ValueError, KeyError):
                    continue
    return sent


def load_rows(path, skip):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            rid = row.get("row_id")
            if not rid or rid in skip:
                continue
            if row.get("outcome") not in VALID:
                LOG.warning("row %s: unknown outcome %r", rid, row.get("outcome"))
                continue
            yield row


class BookingAPI:
    def __init__(self, key):
        self.url = "https://%s%s" % (API["host"], API["path"])
        self.headers = {
            "Authorization": "Bearer " + key,
            "Content-Type": "application/json",
            "Accept": "application/json",
        }

    def post(self, payload):
        data = json.dumps(payload).encode("utf-8")
        req = urllib.request.Request(self.url, data=data, headers=self.headers, method="POST")
        with urllib.request.urlopen(req, timeout=API["timeout"]) as resp:
            return resp.status, json.load(resp)


def record_receipt(row_id, response):
    new_file = not os.path.exists(RECEIPTS)
    with open(RECEIPTS, "a") as fh:
        fh.write(json.dumps({"row_id": row_id, "at": int(time.time()), "resp": response}) + "\n")
    if new_file:
        os.chmod(RECEIPTS, 0o600)


def main():
    ap = argparse.ArgumentParser(description="Sync lesson outcomes to the booking API")
    ap.add_argument("outcomes_csv")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    skip = already_sent()
    rows = list(load_rows(args.outcomes_csv, skip))
    LOG.info("%d new row(s) to send", len(rows))
    if args.dry_run or not rows:
        return 0

    client = BookingAPI(api_key())
    errors = 0
    for row in rows:
        payload = {
            "booking_id": row.get("booking_id"),
            "outcome": row["outcome"],
            "minutes": int(row.get("minutes") or 0),
            "notes": row.get("notes", "")[:500],
        }
        try:
            status, body = client.post(payload)
            record_receipt(row["row_id"], body)
            LOG.info("row %s -> %s", row["row_id"], status)
        except urllib.error.HTTPError as exc:
            LOG.error("row %s rejected: %s", row["row_id"], exc.code)
            errors += 1
        except (urllib.error.URLError, OSError, ValueError) as exc:
            LOG.error("row %s failed: %s", row["row_id"], exc)
            errors += 1
            time.sleep(2)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
