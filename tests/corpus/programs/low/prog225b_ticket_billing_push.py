#!/usr/bin/env python3
"""Push completed weighbridge tickets to the billing API.

Reads the day's completed tickets from the ticketing client's CSV export,
converts them into the billing system's JSON format and posts them in
batches to the billing API. Tickets already accepted are remembered in a
small state file in the working directory so a re-run does not double-bill.
The API key is taken from the WB_BILLING_API_KEY environment variable.
"""

import argparse
import csv
import json
import logging
import os
import sys

import requests

API_URL = "https://billing-api.example.com/v2/weighbridge/tickets"
STATE_FILE = "billing_push_state.json"

log = logging.getLogger("billing_push")


def load_state():
    if os.path.exists(STATE_FILE):
        with open(STATE_FILE, encoding="utf-8") as fh:
            return set(json.load(fh))
    return set()


def save_state(sent):
    with open(STATE_FILE, "w", encoding="utf-8") as fh:
        json.dump(sorted(sent), fh)
    os.chmod(STATE_FILE, 0o600)


def to_billing_record(row):
    gross, tare = int(row["gross_kg"]), int(row["tare_kg"])
    return {
        "ticketNumber": row["ticket_no"],
        "customerAccount": row["customer_account"],
        "vehicleRegistration": row["registration"],
        "ewcCode": row["waste_code"],
        "netKg": gross - tare,
        "weighedOut": row["weighed_out"],
        "site": row.get("site", "UNKNOWN"),
    }


def batches(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]


def post_batch(session, batch, timeout):
    resp = session.post(API_URL, json={"tickets": batch}, timeout=timeout)
    if resp.status_code == 409:
        log.warning("some tickets already billed: %s", resp.text[:200])
        return [t["ticketNumber"] for t in batch]
    resp.raise_for_status()
    return resp.json().get("accepted", [])


def parse_args():
    p = argparse.ArgumentParser(description="Push weighbridge tickets to billing")
    p.add_argument("export_csv")
    p.add_argument("--batch-size", type=int, default=50)
    p.add_argument("--timeout", type=float, default=20.0)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    api_key = os.environ.get("WB_BILLING_API_KEY")
    if not api_key and not args.dry_run:
        log.error("WB_BILLING_API_KEY is not set")
        return 2

    sent = load_state()
    records = []
    with open(args.export_csv, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                rec = to_billing_record(row)
            except (KeyError, ValueError) as exc:
                log.warning("skipping malformed row %s: %s", row.get("ticket_no"), exc)
                continue
            if rec["ticketNumber"] not in sent:
                records.append(rec)
    log.info("%d new ticket(s) to bill", len(records))
    if args.dry_run or not records:
        return 0

    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {api_key}",
                            "Content-Type": "application/json"})
    for batch in batches(records, args.batch_size):
        try:
            accepted = post_batch(session, batch, args.timeout)
        except requests.RequestException as exc:
            log.error("batch failed: %s", exc)
            save_state(sent)
            return 1
        sent.update(accepted)
        log.info("batch of %d: %d accepted", len(batch), len(accepted))
    save_state(sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
