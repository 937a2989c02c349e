#!/usr/bin/env python3
"""Submit the harbour tide gauge readings to the regional tide gauge
network and fetch back the network's quality-control flags."""
import argparse
import csv
import json
import logging
import os
import sys
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("tide_client")

API_BASE = os.environ.get("TIDE_NETWORK_API", "https://api.tidegauge-network.example/v2")
STATION_ID = os.environ.get("TIDE_STATION_ID", "HARBOUR-NM-01")


class TideNetworkClient:
    def __init__(self, base, api_key, timeout=20):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
            "User-Agent": "harbour-tide-client/1.3",
        })

    def submit(self, station, readings):
        url = f"{self.base}/stations/{station}/readings"
        resp = self.session.post(url, json={"readings": readings}, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def qc_flags(self, station, since):
        url = f"{self.base}/stations/{station}/qc"
        resp = self.session.get(url, params={"since": since}, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("flags", [])


def read_gauge_csv(path):
    readings = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                readings.append({
                    "time": row["time"],
                    "level_m": round(float(row["level_m"]), 3),
                    "water_temp_c": float(row.get("water_temp_c") or "nan"),
                })
            except (KeyError, ValueError) as exc:
                log.warning("skipping bad row %s: %s", row, exc)
    return readings


def batches(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]


def save_flags(flags, out_dir):
    out_dir.mkdir(exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%MZ")
    target = out_dir / f"qc_{stamp}.json"
    target.write_text(json.dumps(flags, indent=2))
    log.info("saved %d QC flags to %s", len(flags), target)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("gauge_csv", type=Path)
    parser.add_argument("--station", default=STATION_ID)
    parser.add_argument("--batch", type=int, default=500)
    parser.add_argument("--out", type=Path, default=Path("qc"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("TIDE_NETWORK_KEY")
    if not api_key:
        log.error("TIDE_NETWORK_KEY is not set")
        return 2

    readings = read_gauge_csv(args.gauge_csv)
    if not readings:
        log.error("no readings in %s", args.gauge_csv)
        return 1

    client = TideNetworkClient(API_BASE, api_key)
    accepted = 0
    for chunk in batches(readings, args.batch):
        try:
            result = client.submit(args.station, chunk)
            accepted += int(result.get("accepted", 0))
        except requests.RequestException as exc:
            log.error("submission failed: %s", exc)
            return 1
    log.info("network accepted %d of %d readings", accepted, len(readings))

    flags = client.qc_flags(args.station, readings[0]["time"])
    save_flags(flags, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
