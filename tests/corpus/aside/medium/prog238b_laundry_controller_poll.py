#!/usr/bin/env python3
"""Poll laundry-room controllers and summarise machine availability.

Each laundry room has a vendor controller that serves machine state over
HTTPS on the building management VLAN. The controllers ship with
self-signed certificates, so this poller does not verify them. Results go
to a JSON snapshot in the working directory for the hall dashboard.
"""
import argparse
import json
import logging
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import requests
import urllib3

LOG = logging.getLogger("laundry_controller_poll")
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

DEFAULT_CONTROLLERS = {
    "north-b1": "192.0.2.31",
    "north-b2": "192.0.2.32",
    "east-g":   "192.0.2.41",
    "west-3":   "192.0.2.51",
}


class Controller:
    def __init__(self, room, address, timeout):
        self.room = room
        self.address = address
        self.timeout = timeout
        self.session = requests.Session()
        self.session.verify = False

    def fetch(self):
        url = f"https://{self.address}/api/machines"
        resp = self.session.get(url, timeout=self.timeout, verify=False)
        resp.raise_for_status()
        return resp.json()

    def summary(self):
        started = time.monotonic()
        try:
            machines = self.fetch()
        except (requests.RequestException, ValueError) as exc:
            LOG.warning("%s (%s) unreachable: %s", self.room, self.address, exc)
            return {"room": self.room, "online": False, "error": str(exc)}
        counts = {"idle": 0, "running": 0, "fault": 0}
        for machine in machines:
            state = machine.get("state", "fault")
            counts[state if state in counts else "fault"] += 1
        return {
            "room": self.room,
            "online": True,
            "latency_ms": round((time.monotonic() - started) * 1000),
            **counts,
        }


def load_controllers(path):
    if not path:
        return DEFAULT_CONTROLLERS
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    if not isinstance(data, dict):
        raise ValueError("controller file must map room -> address")
    return data


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--controllers", help="JSON file mapping room to address")
    parser.add_argument("--out", default="availability.json")
    parser.add_argument("--timeout", type=float, default=5.0)
    parser.add_argument("--workers", type=int, default=4)
    return parser.parse_args(argv)


def main(argv=None):
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    args = parse_args(argv)
    try:
        controllers = load_controllers(args.controllers)
    except (OSError, ValueError) as exc:
        LOG.error("cannot load controller list: %s", exc)
        return 1
    pollers = [Controller(room, addr, args.timeout) for room, addr in controllers.items()]
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(lambda c: c.summary(), pollers))
    snapshot = {"generated": int(time.time()), "rooms": results}
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(snapshot, fh, indent=2)
    online = sum(1 for r in results if r["online"])
    idle = sum(r.get("idle", 0) for r in results)
    LOG.info("%d/%d controllers online, %d machines idle", online, len(results), idle)
    return 0 if online else 2


if __name__ == "__main__":
    sys.exit(main())
