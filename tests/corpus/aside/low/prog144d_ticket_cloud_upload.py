#!/usr/bin/env python3
"""Upload weighbridge tickets to the accounts API.

Reads the day's tickets from tickets.csv and posts them to the head-office
accounts service so invoices go out the same day.  The API key comes from
the environment and is only sent to that service.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("ticket_upload")

API_BASE = os.environ.get("ACCOUNTS_API", "https://accounts.example.com/api/v2")
SENT_LOG = Path("uploaded_tickets.txt")
BATCH = 50


class UploadError(Exception):
    pass


class AccountsClient:
    def __init__(self, base, key, timeout=15):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {key}",
            "Content-Type": "application/json",
        })
        self.timeout = timeout

    def post_batch(self, tickets, attempts=3):
        url = f"{self.base}/weighbridge/tickets"
        for attempt in range(1, attempts + 1):
            try:
                r = self.session.post(url, data=json.dumps({"tickets": tickets}), timeout=self.timeout)
            except requests.RequestException as exc:
                log.warning("attempt %d failed: %s", attempt, exc)
            else:
                if r.status_code in (200, 201):
                    return r.json().get("accepted", len(tickets))
                if r.status_code < 500:
                    raise UploadError(f"rejected: {r.status_code} {r.text[:200]}")
                log.warning("server error %d, retrying", r.status_code)
            time.sleep(2 * attempt)
        raise UploadError("gave up after retries")


def already_sent():
    if not SENT_LOG.exists():
        return set()
    return set(SENT_LOG.read_text().split())


def load_tickets(path, skip):
    out = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row["ticket"] in skip:
                continue
            gross, tare = int(row["gross_kg"]), int(row["tare_kg"])
            out.append({
                "ticket": row["ticket"],
                "customer": row["customer"],
                "grade": row["grade"],
                "net_kg": gross - tare,
                "price_per_t": float(row["price_per_t"]),
            })
    return out


def chunks(seq, size):
    for i in range(0, len(seq), size):
        yield seq[i:i + size]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("csv", nargs="?", default="tickets.csv")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("ACCOUNTS_API_KEY")
    if not key and not args.dry_run:
        log.error("ACCOUNTS_API_KEY is not set")
        return 2

    try:
        tickets = load_tickets(args.csv, already_sent())
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot read %s: %s", args.csv, exc)
        return 1
    log.info("%d new ticket(s)", len(tickets))
    if args.dry_run or not tickets:
        return 0

    client = AccountsClient(API_BASE, key)
    total = 0
    for batch in chunks(tickets, BATCH):
        try:
            total += client.post_batch(batch)
        except UploadError as exc:
            log.error("%s", exc)
            return 1
        with SENT_LOG.open("a") as fh:
            fh.write("\n".join(t["ticket"] for t in batch) + "\n")
    log.info("uploaded %d ticket(s)", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
