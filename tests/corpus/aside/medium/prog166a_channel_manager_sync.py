#!/usr/bin/env python3
"""Push bed availability to the channel manager.

Reads the room inventory from channel.yml, works out free beds per night
from the local availability export and sends them to the channel manager
so the OTAs show the right numbers.
"""

import argparse
import csv
import logging
import os
import sys
from collections import defaultdict
from datetime import date, timedelta
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("channel_sync")

API_BASE = os.environ.get("CHANNEL_API_BASE", "https://api.channelhub.example/v2")


def load_config(path: Path) -> dict:
    with path.open() as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def free_beds(export: Path, inventory: dict, days: int) -> dict:
    taken = defaultdict(int)
    with export.open(newline="") as fh:
        for row in csv.DictReader(fh):
            key = (row["room_type"], row["night"])
            taken[key] += int(row.get("beds", 1))
    today = date.today()
    result = {}
    for room_type, total in inventory.items():
        for offset in range(days):
            night = (today + timedelta(days=offset)).isoformat()
            result[(room_type, night)] = max(total - taken[(room_type, night)], 0)
    return result


class ChannelClient:
    def __init__(self, base: str, api_key: str, property_id: str, verify_tls: bool):
        self.base = base.rstrip("/")
        self.property_id = property_id
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {api_key}"
        self.session.verify = verify_tls
        if not verify_tls:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def push(self, room_code: str, night: str, beds: int) -> bool:
        url = f"{self.base}/properties/{self.property_id}/availability"
        body = {"room": room_code, "date": night, "available": beds}
        resp = self.session.put(url, json=body, timeout=15)
        if resp.status_code >= 400:
            log.warning("%s %s -> %s %s", room_code, night, resp.status_code, resp.text[:120])
            return False
        return True


def main() -> int:
    parser = argparse.ArgumentParser(description="sync availability to channel manager")
    parser.add_argument("--config", type=Path, default=Path("channel.yml"))
    parser.add_argument("--export", type=Path, default=Path("exports/availability.csv"))
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("CHANNEL_API_KEY")
    if not api_key and not args.dry_run:
        log.error("CHANNEL_API_KEY not set")
        return 1

    cfg = load_config(args.config)
    inventory = {r["type"]: int(r["beds"]) for r in cfg.get("rooms", [])}
    codes = {r["type"]: r.get("channel_code", r["type"]) for r in cfg.get("rooms", [])}
    availability = free_beds(args.export, inventory, args.days)

    if args.dry_run:
        for (room_type, night), beds in sorted(availability.items()):
            print(f"{night} {room_type:<14} {beds}")
        return 0

    client = ChannelClient(
        cfg.get("api_base", API_BASE),
        api_key,
        str(cfg["property_id"]),
        verify_tls=cfg.get("verify_tls", False),
    )
    failures = 0
    for (room_type, night), beds in sorted(availability.items()):
        if not client.push(codes[room_type], night, beds):
            failures += 1
    log.info("pushed %d entries, %d failed", len(availability), failures)
    return 0 if failures == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
