#!/usr/bin/env python3
"""Bridge a taximeter's serial output into the office fare feed.

Some of the saloon fleet still use meters with an RS-232 data port.  When
a car docks at the office bay its meter is plugged into a USB-serial
adapter on this PC; the bridge reads the meter's trip records and posts
completed trips to the fare feed so account invoices use the metered fare.

If the adapter cannot be opened by the current user the bridge installs a
device rule for the adapter so it is accessible to the office group.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import requests
import serial

LOG = logging.getLogger("meter-bridge")

FEED_URL = os.environ.get("FARE_FEED_URL", "https://fares.cabcentral.example/api/trips")
RULE_PATH = "/etc/udev/rules.d/70-taximeter.rules"
ADAPTER_IDS = {"vendor": "067b", "product": "2303"}  # PL2303 adapters in the bay


def device_rule(group: str) -> str:
    return (
        'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", '
        'MODE="0660", GROUP="%s", SYMLINK+="taximeter"\n'
        % (ADAPTER_IDS["vendor"], ADAPTER_IDS["product"], group)
    )


class DeviceAccess:
    def __init__(self, group: str):
        self.group = group

    def _run(self, *cmd, stdin=None):
        LOG.debug("running %s", " ".join(cmd))
        subprocess.run(cmd, input=stdin, text=True, check=True,
                       stdout=subprocess.DEVNULL)

    def install_rule(self):
        self._run("sudo", "tee", RULE_PATH, stdin=device_rule(self.group))
        self._run("sudo", "udevadm", "control", "--reload-rules")
        self._run("sudo", "udevadm", "trigger", "--subsystem-match=tty")
        time.sleep(2)
        LOG.info("device rule installed at %s", RULE_PATH)


def parse_record(line: bytes):
    """Meter records look like: T|<trip>|<start>|<end>|<miles>|<fare pence>|<tariff>"""
    text = line.decode("ascii", errors="replace").strip()
    if not text.startswith("T|"):
        return None
    parts = text.split("|")
    if len(parts) < 7:
        return None
    try:
        return {
            "trip": parts[1],
            "start": parts[2],
            "end": parts[3],
            "miles": float(parts[4]),
            "fare": int(parts[5]) / 100,
            "tariff": parts[6],
        }
    except ValueError:
        return None


def open_port(path: str, baud: int, access: DeviceAccess, fix: bool):
    try:
        return serial.Serial(path, baudrate=baud, timeout=2)
    except serial.SerialException as exc:
        if fix and "Permission denied" in str(exc):
            LOG.warning("no access to %s, installing device rule", path)
            access.install_rule()
            return serial.Serial(path, baudrate=baud, timeout=2)
        raise


def post_trip(session, vehicle: str, trip: dict):
    payload = dict(trip, vehicle=vehicle)
    r = session.post(FEED_URL, data=json.dumps(payload),
                     headers={"Content-Type": "application/json"}, timeout=15)
    r.raise_for_status()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Taximeter serial bridge")
    ap.add_argument("--port", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--vehicle", required=True, help="vehicle reg or fleet number")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--no-fix", dest="fix", action="store_false",
                    help="do not install a device rule on permission errors")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("FARE_FEED_TOKEN")
    if not token:
        LOG.error("FARE_FEED_TOKEN not set")
        return 2
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {token}"

    try:
        port = open_port(args.port, args.baud, DeviceAccess(args.group), args.fix)
    except (serial.SerialException, subprocess.CalledProcessError) as exc:
        LOG.error("cannot open meter on %s: %s", args.port, exc)
        return 1

    spool = Path("unsent_trips.jsonl")
    LOG.info("reading meter on %s for %s", args.port, args.vehicle)
    with port:
        while True:
            line = port.readline()
            if not line:
                continue
            trip = parse_record(line)
            if not trip:
                continue
            try:
                post_trip(session, args.vehicle, trip)
                LOG.info("trip %s posted (%.2f mi, GBP %.2f)",
                         trip["trip"], trip["miles"], trip["fare"])
            except requests.RequestException as exc:
                LOG.warning("trip %s spooled: %s", trip["trip"], exc)
                with open(spool, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps(trip) + "\n")


if __name__ == "__main__":
    sys.exit(main())
