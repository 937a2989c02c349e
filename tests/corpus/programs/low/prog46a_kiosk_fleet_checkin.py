#!/usr/bin/env python3
"""Raspberry Pi kiosk fleet check-in.

Collects a small hardware/OS fingerprint of the kiosk and posts it to the
fleet inventory API.  The API token comes from KIOSK_FLEET_TOKEN and is only
ever sent to the configured inventory endpoint.
"""
import argparse
import json
import logging
import os
import platform
import shutil
import socket
import sys
from datetime import datetime, timezone

import requests

log = logging.getLogger("kiosk-checkin")
INVENTORY_URL = os.environ.get("KIOSK_FLEET_URL", "https://fleet.example-office.net/api/v2/checkin")


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip("\n").split("=", 1)
                    info[k] = v.strip('"')
    except FileNotFoundError:
        log.warning("no %s", path)
    return {"id": info.get("ID"), "version": info.get("VERSION_ID"), "pretty": info.get("PRETTY_NAME")}


def read_cpuinfo(path="/proc/cpuinfo"):
    model, serial, cores = None, None, 0
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            key, _, val = line.partition(":")
            key, val = key.strip(), val.strip()
            if key == "processor":
                cores += 1
            elif key == "Model":
                model = val
            elif key == "Serial":
                serial = val[-8:]
    return {"model": model or platform.machine(), "serial_tail": serial, "cores": cores}


class CheckinPayload:
    def __init__(self, site, screen):
        self.site = site
        self.screen = screen

    def build(self):
        total, used, free = shutil.disk_usage("/")
        return {
            "hostname": socket.gethostname(),
            "site": self.site,
            "screen": self.screen,
            "os": read_os_release(),
            "cpu": read_cpuinfo(),
            "python": platform.python_version(),
            "disk": {"total_gb": round(total / 2**30, 1), "free_gb": round(free / 2**30, 1)},
            "reported_at": datetime.now(timezone.utc).isoformat(),
        }


def post_checkin(payload, token, timeout):
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    resp = requests.post(INVENTORY_URL, data=json.dumps(payload), headers=headers, timeout=timeout)
    resp.raise_for_status()
    return resp.json()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--site", default="lobby")
    ap.add_argument("--screen", default="hdmi-0")
    ap.add_argument("--dry-run", action="store_true", help="print payload instead of sending")
    ap.add_argument("--timeout", type=float, default=10)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    payload = CheckinPayload(args.site, args.screen).build()
    if args.dry_run:
        json.dump(payload, sys.stdout, indent=2)
        print()
        return 0

    token = os.environ.get("KIOSK_FLEET_TOKEN")
    if not token:
        log.error("KIOSK_FLEET_TOKEN is not set")
        return 2
    try:
        result = post_checkin(payload, token, args.timeout)
    except requests.RequestException as exc:
        log.error("check-in failed: %s", exc)
        return 1
    log.info("checked in as %s, next check-in in %ss", result.get("id"), result.get("interval", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
