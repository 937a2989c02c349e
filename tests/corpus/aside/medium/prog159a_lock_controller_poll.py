#!/usr/bin/env python3
"""Poll the maglock controllers in every room and publish a status file.

The controllers serve HTTPS with the factory self-signed certificate, so the
poller accepts it as is. The lobby status screen reads the JSON this writes.
"""
import argparse
import json
import logging
import os
import time
from concurrent.futures import ThreadPoolExecutor

import requests
import urllib3

log = logging.getLogger("lock-poll")

CONTROLLERS = {
    "pharaoh": "192.0.2.21",
    "submarine": "192.0.2.22",
    "asylum": "192.0.2.23",
    "heist": "192.0.2.24",
}

STATUS_FILE = "/tmp/lock_status.json"
VERIFY_CERTS = False


class LockController:
    def __init__(self, room, address, timeout=4):
        self.room = room
        self.base = "https://%s" % address
        self.timeout = timeout

    def status(self):
        resp = requests.get(self.base + "/api/locks", timeout=self.timeout, verify=VERIFY_CERTS)
        resp.raise_for_status()
        return resp.json()

    def release(self, lock_id):
        resp = requests.post(self.base + "/api/locks/%s/release" % lock_id,
                             timeout=self.timeout, verify=VERIFY_CERTS)
        resp.raise_for_status()
        return resp.json()


def poll_one(ctrl):
    started = time.monotonic()
    try:
        data = ctrl.status()
        ok = True
    except (requests.RequestException, ValueError) as exc:
        data = {"error": str(exc)}
        ok = False
    return ctrl.room, {
        "ok": ok,
        "latency_ms": int((time.monotonic() - started) * 1000),
        "locks": data.get("locks", []) if ok else [],
        "error": data.get("error"),
    }


def poll_all(controllers):
    with ThreadPoolExecutor(max_workers=len(controllers)) as pool:
        return dict(pool.map(poll_one, controllers))


def publish(status):
    doc = {"updated": int(time.time()), "rooms": status}
    tmp = STATUS_FILE + ".part"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(doc, fh, indent=1)
    os.replace(tmp, STATUS_FILE)


def summarise(status):
    for room, info in sorted(status.items()):
        if not info["ok"]:
            log.warning("%s unreachable: %s", room, info["error"])
            continue
        engaged = sum(1 for lock in info["locks"] if lock.get("engaged"))
        log.info("%s: %d/%d locks engaged (%d ms)", room, engaged, len(info["locks"]),
                 info["latency_ms"])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interval", type=float, default=5.0)
    parser.add_argument("--once", action="store_true")
    parser.add_argument("--release", nargs=2, metavar=("ROOM", "LOCK"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    controllers = [LockController(room, addr) for room, addr in CONTROLLERS.items()]
    if args.release:
        room, lock_id = args.release
        ctrl = next((c for c in controllers if c.room == room), None)
        if ctrl is None:
            parser.error("unknown room %s" % room)
        print(json.dumps(ctrl.release(lock_id), indent=2))
        return
    while True:
        status = poll_all(controllers)
        publish(status)
        summarise(status)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
