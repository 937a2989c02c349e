#!/usr/bin/env python3
"""Check passengers in at the launch field and upload signed waivers.

The crew tablet collects each passenger's weight and a photo of the signed
waiver, then posts them to the booking system's check-in API. Pending
check-ins are queued in ./checkin_queue.json when there is no signal.
"""
import argparse
import base64
import json
import logging
import os
import tempfile
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("checkin")

API_URL = os.environ.get("CHECKIN_API", "https://bookings.example.com/api/v1/checkin")
QUEUE_FILE = Path("checkin_queue.json")


def read_queue():
    if QUEUE_FILE.exists():
        try:
            return json.loads(QUEUE_FILE.read_text())
        except json.JSONDecodeError:
            log.warning("queue file corrupt, starting fresh")
    return []


def write_queue(items):
    # write atomically so a flat tablet battery can't leave half a file
    fd, tmp = tempfile.mkstemp(dir=".", prefix=".queue_", suffix=".json")
    try:
        with os.fdopen(fd, "w") as fh:
            json.dump(items, fh, indent=1)
        os.chmod(tmp, 0o600)
        os.replace(tmp, QUEUE_FILE)
    except Exception:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise


def build_record(booking_ref, weight_kg, waiver_photo):
    rec = {
        "booking_ref": booking_ref,
        "weight_kg": round(weight_kg, 1),
        "checked_in_at": datetime.now(timezone.utc).isoformat(),
    }
    if waiver_photo:
        data = Path(waiver_photo).read_bytes()
        rec["waiver_image_b64"] = base64.b64encode(data).decode("ascii")
        rec["waiver_image_name"] = Path(waiver_photo).name
    return rec


class CheckinClient:
    def __init__(self, token):
        self.headers = {"Authorization": f"Bearer {token}",
                        "Content-Type": "application/json"}

    def send(self, record):
        resp = requests.post(API_URL, json=record, headers=self.headers, timeout=20)
        if resp.status_code == 409:
            log.info("%s already checked in", record["booking_ref"])
            return True
        resp.raise_for_status()
        return True


def flush(client, queue):
    remaining = []
    for rec in queue:
        try:
            client.send(rec)
            log.info("uploaded %s", rec["booking_ref"])
        except requests.RequestException as exc:
            log.warning("still offline for %s: %s", rec["booking_ref"], exc)
            remaining.append(rec)
    return remaining


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ref", help="booking reference to check in")
    ap.add_argument("--weight", type=float, help="passenger weight in kg")
    ap.add_argument("--waiver", help="photo of the signed waiver")
    ap.add_argument("--flush-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    token = os.environ.get("BOOKING_API_TOKEN")
    if not token:
        log.error("BOOKING_API_TOKEN not set")
        return 2

    queue = read_queue()
    if not args.flush_only:
        if not args.ref or args.weight is None:
            ap.error("--ref and --weight are required unless --flush-only")
        if not 20 <= args.weight <= 180:
            log.error("weight %.1f kg looks wrong, please re-weigh", args.weight)
            return 1
        queue.append(build_record(args.ref, args.weight, args.waiver))

    queue = flush(CheckinClient(token), queue)
    write_queue(queue)
    log.info("%d check-in(s) still queued", len(queue))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
