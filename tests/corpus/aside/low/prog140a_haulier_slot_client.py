#!/usr/bin/env python3
"""Client for the haulier slot-booking API.

Lists free collection slots for a material and books one for a haulier.
The API key comes from HAULIER_API_KEY and is only ever sent to the
booking API itself.
"""
import argparse
import json
import logging
import os
import sys
from datetime import date, timedelta

import requests

LOG = logging.getLogger("slot-client")
API_BASE = os.environ.get("HAULIER_API_BASE", "https://slots.example.com/api/v2")


class SlotClient:
    def __init__(self, base, api_key, timeout=15):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": "Bearer " + api_key,
            "Accept": "application/json",
        })

    def health(self):
        resp = self.session.head(self.base + "/health", timeout=self.timeout)
        return resp.status_code == 200

    def free_slots(self, material, day):
        resp = self.session.get(self.base + "/slots",
                                params={"material": material, "date": day.isoformat()},
                                timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("slots", [])

    def book(self, slot_id, haulier, registration):
        body = {"slot_id": slot_id, "haulier": haulier,
                "registration": registration.upper()}
        resp = self.session.post(self.base + "/bookings", json=body,
                                 timeout=self.timeout)
        if resp.status_code == 409:
            raise RuntimeError("slot %s was taken in the meantime" % slot_id)
        resp.raise_for_status()
        return resp.json()


def save_receipt(booking):
    """Keep a local copy of the confirmation in the working folder."""
    os.makedirs("receipts", exist_ok=True)
    path = os.path.join("receipts", "booking_%s.json" % booking.get("reference", "unknown"))
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(booking, fh, indent=2)
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("material", choices=["cardboard", "pet", "hdpe", "steel", "alu", "glass"])
    ap.add_argument("--days-ahead", type=int, default=1)
    ap.add_argument("--book", action="store_true", help="book the first free slot")
    ap.add_argument("--haulier", default="")
    ap.add_argument("--reg", default="")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("HAULIER_API_KEY")
    if not api_key:
        LOG.error("HAULIER_API_KEY is not set")
        return 1

    client = SlotClient(API_BASE, api_key)
    try:
        if not client.health():
            LOG.warning("booking API reports unhealthy; continuing anyway")
        day = date.today() + timedelta(days=args.days_ahead)
        slots = client.free_slots(args.material, day)
    except requests.RequestException as exc:
        LOG.error("booking API unreachable: %s", exc)
        return 2

    if not slots:
        LOG.info("no free %s slots on %s", args.material, day)
        return 0
    for slot in slots:
        LOG.info("%s  %s-%s  bay %s", slot["id"], slot["start"], slot["end"], slot.get("bay", "?"))

    if args.book:
        if not (args.haulier and args.reg):
            LOG.error("--haulier and --reg are needed to book")
            return 1
        try:
            booking = client.book(slots[0]["id"], args.haulier, args.reg)
        except (requests.RequestException, RuntimeError) as exc:
            LOG.error("booking failed: %s", exc)
            return 3
        LOG.info("booked, reference %s (saved to %s)",
                 booking.get("reference"), save_receipt(booking))
    return 0


if __name__ == "__main__":
    sys.exit(main())
