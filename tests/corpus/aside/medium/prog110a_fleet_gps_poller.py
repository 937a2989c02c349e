#!/usr/bin/env python3
"""Fleet telemetry poller for hire depot plant (generators, access towers, vans).

Polls each tracker gateway listed in fleet.ini for engine hours, GPS fix and
battery voltage, and appends the readings to a local CSV so the depot can
bill metered hires accurately.  The gateways ship with a self-signed
certificate from the tracker vendor.
"""
import argparse
import configparser
import csv
import logging
import os
import time
from datetime import datetime, timezone

import requests
import urllib3

log = logging.getLogger("fleet-poller")

DEFAULTS = {
    "interval": "300",
    "output": "telemetry.csv",
    "gateway": "https://192.168.20.5:8443",
}


def load_config(path):
    cfg = configparser.ConfigParser(defaults=DEFAULTS)
    if not cfg.read(path):
        log.warning("config %s not found, using defaults", path)
    if not cfg.has_section("fleet"):
        cfg.add_section("fleet")
    return cfg


class GatewayClient:
    def __init__(self, base, token=None, timeout=10):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        # vendor gateways present a cert for "localhost" signed by nobody
        self.session.verify = False
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"

    def unit_status(self, unit_id):
        r = self.session.get(f"{self.base}/api/v1/units/{unit_id}/status",
                             timeout=self.timeout)
        r.raise_for_status()
        return r.json()


def append_rows(path, rows):
    new_file = not os.path.exists(path)
    with open(path, "a", newline="") as fh:
        w = csv.writer(fh)
        if new_file:
            w.writerow(["ts", "unit", "engine_hours", "lat", "lon", "battery_v"])
        w.writerows(rows)


def poll_once(client, units):
    rows = []
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    for unit in units:
        try:
            st = client.unit_status(unit)
        except requests.RequestException as exc:
            log.warning("unit %s unreachable: %s", unit, exc)
            continue
        gps = st.get("gps") or {}
        rows.append([now, unit, st.get("engine_hours"), gps.get("lat"),
                     gps.get("lon"), st.get("battery_v")])
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="fleet.ini")
    ap.add_argument("--once", action="store_true", help="poll once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    units = [u.strip() for u in cfg.get("fleet", "units", fallback="").split(",") if u.strip()]
    client = GatewayClient(cfg.get("fleet", "gateway"),
                           token=os.environ.get("FLEET_GATEWAY_TOKEN"))
    interval = cfg.getint("fleet", "interval")
    out = cfg.get("fleet", "output")

    while True:
        rows = poll_once(client, units)
        append_rows(out, rows)
        log.info("recorded %d readings", len(rows))
        if args.once:
            break
        time.sleep(interval)


if __name__ == "__main__":
    main()
