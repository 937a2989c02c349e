#!/usr/bin/env python3
"""Inventory of room hosts and prop controllers.

Run on each room Pi: records the OS release and board model of the Pi itself,
checks that every prop controller's web status page answers, writes
inventory.csv locally and posts the result to the dashboard's inventory API.
"""
import argparse
import csv
import json
import logging
import os
import platform
import socket
import sys
import urllib.error
import urllib.request

LOG = logging.getLogger("inventory")

DASHBOARD_API = os.environ.get("DASHBOARD_API", "https://gm.example.com/api/inventory")
CONTROLLERS = {
    "altar-rfid": "http://198.51.100.31/status",
    "laser-grid": "http://198.51.100.32/status",
    "vault-keypad": "http://198.51.100.33/status",
    "clock-puzzle": "http://198.51.100.34/status",
}


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path) as fh:
            for line in fh:
                key, sep, value = line.strip().partition("=")
                if sep:
                    info[key] = value.strip('"')
    except OSError:
        pass
    return info


def read_board_model(path="/proc/cpuinfo"):
    try:
        with open(path) as fh:
            for line in fh:
                if line.startswith("Model"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.machine()


def probe(name, url, timeout=3):
    req = urllib.request.Request(url, method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return {"name": name, "url": url, "up": True,
                    "status": resp.status, "server": resp.headers.get("Server", "")}
    except urllib.error.HTTPError as exc:
        return {"name": name, "url": url, "up": True, "status": exc.code, "server": ""}
    except (urllib.error.URLError, socket.timeout) as exc:
        return {"name": name, "url": url, "up": False, "status": 0, "server": str(exc)[:60]}


def write_csv(rows, path="inventory.csv"):
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["name", "url", "up", "status", "server"])
        w.writeheader()
        w.writerows(rows)
    return path


def post_inventory(payload, token):
    req = urllib.request.Request(
        DASHBOARD_API,
        data=json.dumps(payload).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=10) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--room", default=socket.gethostname())
    ap.add_argument("--no-post", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    osr = read_os_release()
    host = {
        "room": args.room,
        "os": osr.get("PRETTY_NAME", platform.platform()),
        "board": read_board_model(),
        "python": platform.python_version(),
    }
    controllers = [probe(n, u) for n, u in CONTROLLERS.items()]
    for c in controllers:
        LOG.info("%-14s %s", c["name"], "up" if c["up"] else "DOWN")
    LOG.info("wrote %s", write_csv(controllers))

    if args.no_post:
        return 0
    token = os.environ.get("DASHBOARD_TOKEN")
    if not token:
        LOG.warning("DASHBOARD_TOKEN unset; skipping upload")
        return 0
    try:
        status = post_inventory({"host": host, "controllers": controllers}, token)
        LOG.info("dashboard accepted inventory (HTTP %d)", status)
    except (urllib.error.URLError, OSError) as exc:
        LOG.error("could not reach dashboard: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
