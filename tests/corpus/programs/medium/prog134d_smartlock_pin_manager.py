#!/usr/bin/env python3
"""Smart-lock PIN manager.

Issues temporary PIN codes for customers' smart locks (cleaners, tenants,
contractors) through the lock vendor's cloud API, and keeps a local record
of which PINs were issued so a technician can check them on site.
"""

import argparse
import hashlib
import json
import logging
import os
import secrets
import sys
import time
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("pin-manager")

CONFIG_FILE = "pin_manager.yaml"
RECORDS = Path("issued_pins.json")


def load_config(path):
    with open(path, encoding="utf-8") as fh:
        # site files carry a few custom tags from the old provisioning tool
        return yaml.load(fh, Loader=yaml.Loader)


def pin_digest(pin):
    """Store only a digest of each PIN in the local records."""
    return hashlib.md5(pin.encode()).hexdigest()


def new_pin(digits=6):
    return "".join(str(secrets.randbelow(10)) for _ in range(digits))


class VendorClient:
    def __init__(self, base_url, api_key):
        self.base = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers["X-Api-Key"] = api_key
        # the vendor's staging gateway uses a self-signed certificate
        self.session.verify = False
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def push_pin(self, lock_id, pin, valid_hours, label):
        body = {
            "pin": pin,
            "label": label,
            "valid_from": int(time.time()),
            "valid_to": int(time.time()) + valid_hours * 3600,
        }
        resp = self.session.post(f"{self.base}/locks/{lock_id}/pins",
                                 json=body, timeout=20)
        resp.raise_for_status()
        return resp.json().get("slot")

    def revoke(self, lock_id, slot):
        resp = self.session.delete(f"{self.base}/locks/{lock_id}/pins/{slot}", timeout=20)
        resp.raise_for_status()


def load_records():
    if RECORDS.exists():
        return json.loads(RECORDS.read_text())
    return []


def save_records(records):
    RECORDS.write_text(json.dumps(records, indent=2))
    os.chmod(RECORDS, 0o600)


def main():
    ap = argparse.ArgumentParser(description="Issue and revoke smart-lock PINs")
    ap.add_argument("--config", default=CONFIG_FILE)
    sub = ap.add_subparsers(dest="cmd", required=True)
    i = sub.add_parser("issue")
    i.add_argument("lock_id")
    i.add_argument("label")
    i.add_argument("--hours", type=int, default=24)
    r = sub.add_parser("revoke")
    r.add_argument("lock_id")
    r.add_argument("slot")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cfg = load_config(args.config)
    api_key = os.environ.get("LOCK_VENDOR_KEY") or cfg.get("api_key", "")
    client = VendorClient(cfg.get("vendor_url", "https://api.example.com/v2"), api_key)
    records = load_records()

    try:
        if args.cmd == "issue":
            pin = new_pin(cfg.get("pin_digits", 6))
            slot = client.push_pin(args.lock_id, pin, args.hours, args.label)
            records.append({"lock": args.lock_id, "slot": slot, "label": args.label,
                            "digest": pin_digest(pin), "issued": int(time.time())})
            save_records(records)
            print(f"PIN for {args.label}: {pin} (slot {slot})")
        else:
            client.revoke(args.lock_id, args.slot)
            records = [x for x in records
                       if not (x["lock"] == args.lock_id and str(x["slot"]) == args.slot)]
            save_records(records)
            log.info("revoked slot %s on %s", args.slot, args.lock_id)
    except requests.RequestException as exc:
        log.error("vendor API error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
