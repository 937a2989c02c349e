#!/usr/bin/env python3
"""Push barn salt-level sensor readings to the fleet inventory API.

Each salt barn has an ultrasonic level sensor whose controller drops a JSON
reading into ./readings/ every hour.  This tool converts the fill height to
tonnes, posts the new readings to the inventory service and moves posted
files to ./readings/sent/.
"""

import argparse
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

API_URL = "https://inventory.example.com/api/v1/salt-levels"
READINGS = Path("./readings")

# barn id -> (floor area m2, bulk density t/m3)
BARNS = {
    "north": (420.0, 1.2),
    "east": (310.0, 1.2),
    "river": (250.0, 1.15),
}

log = logging.getLogger("salt_push")


class Reading:
    def __init__(self, path: Path):
        self.path = path
        raw = json.loads(path.read_text())
        self.barn = raw["barn"]
        self.height_m = float(raw["fill_height_m"])
        self.ts = raw.get("ts") or int(path.stat().st_mtime)

    def tonnes(self) -> float:
        area, density = BARNS[self.barn]
        return round(area * self.height_m * density, 1)

    def payload(self) -> dict:
        return {"barn": self.barn, "tonnes": self.tonnes(),
                "fill_height_m": self.height_m, "measured_at": self.ts}


class InventoryClient:
    def __init__(self, api_key: str, timeout: float):
        self.api_key = api_key
        self.timeout = timeout

    def post(self, body: dict) -> int:
        req = urllib.request.Request(
            API_URL,
            data=json.dumps(body).encode(),
            method="POST",
            headers={"Content-Type": "application/json",
                     "Authorization": f"Bearer {self.api_key}"},
        )
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status


def main() -> int:
    parser = argparse.ArgumentParser(description="push salt levels to inventory")
    parser.add_argument("--timeout", type=float, default=15.0)
    parser.add_argument("--retries", type=int, default=3)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("SALT_INVENTORY_API_KEY")
    if not api_key and not args.dry_run:
        log.error("SALT_INVENTORY_API_KEY is not set")
        return 1
    client = InventoryClient(api_key or "", args.timeout)
    sent_dir = READINGS / "sent"
    sent_dir.mkdir(parents=True, exist_ok=True)

    posted = failed = 0
    for path in sorted(READINGS.glob("*.json")):
        try:
            reading = Reading(path)
            body = reading.payload()
        except (KeyError, ValueError, json.JSONDecodeError) as exc:
            log.warning("skipping %s: %s", path.name, exc)
            continue
        if args.dry_run:
            log.info("would post %s", body)
            continue
        for attempt in range(1, args.retries + 1):
            try:
                status = client.post(body)
                log.info("%s: %.1f t posted (%s)", reading.barn, body["tonnes"], status)
                path.rename(sent_dir / path.name)
                posted += 1
                break
            except urllib.error.URLError as exc:
                log.warning("post of %s failed (attempt %d): %s", path.name, attempt, exc)
                time.sleep(2 * attempt)
        else:
            failed += 1
    log.info("%d reading(s) posted, %d failed", posted, failed)
    return 0 if failed == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
