#!/usr/bin/env python3
"""Poll excavator telematics (AEMP 2.0 / ISO 15143-3) and post a depot summary.

Pulls the fleet snapshot from the OEM telematics gateway, writes an
hours/location CSV for the hire desk and posts a short per-depot summary
back to the gateway's depot-status endpoint.
"""
import argparse
import configparser
import csv
import logging
import os
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("telematics")

DEFAULTS = {
    "gateway": "https://aemp.plantfleet-gateway.example/v2",
    "depot_code": "UNSET",
    "page_limit": "20",
}


class AempClient:
    """Minimal client for the AEMP fleet snapshot endpoint."""

    def __init__(self, base_url, token, timeout=20):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Accept": "application/json",
        })

    def fleet_page(self, page):
        url = f"{self.base_url}/Fleet/{page}"
        resp = self.session.get(url, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def iter_fleet(self, limit):
        for page in range(1, limit + 1):
            doc = self.fleet_page(page)
            units = doc.get("Equipment", [])
            if not units:
                return
            yield from units
            if not any(l.get("rel") == "next" for l in doc.get("Links", [])):
                return

    def post_depot_status(self, depot, body):
        url = f"{self.base_url}/Depots/{depot}/status"
        for attempt in range(3):
            try:
                r = self.session.post(url, json=body, timeout=self.timeout)
                r.raise_for_status()
                return True
            except requests.RequestException as exc:
                log.warning("status attempt %d failed: %s", attempt + 1, exc)
                time.sleep(2 ** attempt)
        return False


def flatten(unit):
    hdr = unit.get("EquipmentHeader", {})
    loc = unit.get("Location", {})
    hours = unit.get("CumulativeOperatingHours", {})
    return {
        "serial": hdr.get("SerialNumber", ""),
        "make": hdr.get("OEMName", ""),
        "model": hdr.get("Model", ""),
        "hours": hours.get("Hour", ""),
        "lat": loc.get("Latitude", ""),
        "lon": loc.get("Longitude", ""),
        "seen": loc.get("datetime", ""),
    }


def write_csv(rows, path):
    fields = ["serial", "make", "model", "hours", "lat", "lon", "seen"]
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)
    log.info("wrote %d units to %s", len(rows), path)


def summarise(rows):
    hours = [float(r["hours"] or 0) for r in rows]
    return {
        "ts": datetime.now(timezone.utc).isoformat(),
        "units": len(rows),
        "max_hours": max(hours, default=0),
        "stale": sum(1 for r in rows if not r["seen"]),
    }


def load_config(path):
    cp = configparser.ConfigParser()
    cp["poller"] = DEFAULTS
    if path and Path(path).exists():
        cp.read(path)
    return cp["poller"]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="telematics.ini")
    ap.add_argument("-o", "--out", default="fleet_hours.csv")
    ap.add_argument("--no-status", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    token = os.environ.get("AEMP_TOKEN")
    if not token:
        log.error("AEMP_TOKEN is not set")
        return 2

    client = AempClient(cfg["gateway"], token)
    try:
        rows = [flatten(u) for u in client.iter_fleet(int(cfg["page_limit"]))]
    except requests.RequestException as exc:
        log.error("fleet poll failed: %s", exc)
        return 1
    write_csv(rows, args.out)

    if not args.no_status:
        ok = client.post_depot_status(cfg["depot_code"], summarise(rows))
        log.info("depot status %s", "posted" if ok else "not delivered")
    return 0


if __name__ == "__main__":
    sys.exit(main())
