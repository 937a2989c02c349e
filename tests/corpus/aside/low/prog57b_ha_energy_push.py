#!/usr/bin/env python3
"""Push smart-plug energy readings from a local CSV export into Home Assistant.

The plugs' bridge drops CSV files into ./exports/. Each reading becomes a
sensor state via the Home Assistant REST API, authenticated with a long-lived
token taken from HASS_TOKEN. The token is only ever sent to HASS_URL.
"""
import argparse
import csv
import json
import logging
import os
import time
from pathlib import Path
from urllib import request as urlreq
from urllib.error import URLError, HTTPError

LOG = logging.getLogger("energy-push")
STATE_FILE = Path(".energy-push-state.json")


class HomeAssistant:
    def __init__(self, base_url, token):
        self.base_url = base_url.rstrip("/")
        self._headers = {
            "Authorization": "Bearer " + token,
            "Content-Type": "application/json",
        }

    def set_state(self, entity_id, value, attributes):
        body = json.dumps({"state": value, "attributes": attributes}).encode()
        req = urlreq.Request(
            f"{self.base_url}/api/states/{entity_id}",
            data=body,
            headers=self._headers,
            method="POST",
        )
        with urlreq.urlopen(req, timeout=8) as resp:
            return resp.status


def read_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def write_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


def iter_readings(folder: Path, seen: dict):
    for path in sorted(folder.glob("*.csv")):
        if seen.get(path.name) == path.stat().st_mtime:
            continue
        with path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                yield path, row


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--exports", default="exports")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    url = os.environ.get("HASS_URL", "http://homeassistant.local:8123")
    token = os.environ["HASS_TOKEN"]
    hass = HomeAssistant(url, token)
    seen = read_state()
    pushed = 0

    for path, row in iter_readings(Path(args.exports), seen):
        plug = row.get("device", "unknown").lower().replace(" ", "_")
        entity = f"sensor.{plug}_energy_kwh"
        attrs = {
            "unit_of_measurement": "kWh",
            "device_class": "energy",
            "friendly_name": f"{row.get('device')} energy",
            "source_file": path.name,
        }
        if args.dry_run:
            LOG.info("would set %s = %s", entity, row.get("kwh"))
            continue
        for attempt in range(3):
            try:
                hass.set_state(entity, row.get("kwh", "0"), attrs)
                pushed += 1
                break
            except HTTPError as exc:
                LOG.warning("HA rejected %s: %s", entity, exc.code)
                break
            except URLError as exc:
                LOG.warning("attempt %d failed: %s", attempt + 1, exc.reason)
                time.sleep(2 ** attempt)
        seen[path.name] = path.stat().st_mtime

    if not args.dry_run:
        write_state(seen)
    LOG.info("pushed %d readings", pushed)


if __name__ == "__main__":
    main()
