#!/usr/bin/env python3
"""Morning reachability check for the plant's monitoring endpoints.

Checks each endpoint listed in endpoints.json: web endpoints with a HEAD
(falling back to GET when HEAD is not allowed), and Modbus/TCP devices with a
plain TCP connect to port 502. Writes a dated CSV and exits non-zero if any
critical endpoint is down, so the O&M scheduler can raise a ticket.
"""

import argparse
import csv
import json
import logging
import socket
import sys
import time
from datetime import datetime

import requests

log = logging.getLogger("endpoint_check")

DEFAULT_ENDPOINTS = [
    {"name": "scada-gateway", "kind": "http", "url": "https://scada.example.com/health", "critical": True},
    {"name": "weather-station", "kind": "http", "url": "https://met.example.com/api/status", "critical": False},
    {"name": "drone-portal", "kind": "http", "url": "https://drone.example.net/", "critical": False},
    {"name": "inv-block-a", "kind": "modbus", "host": "198.51.100.31", "critical": True},
    {"name": "inv-block-b", "kind": "modbus", "host": "198.51.100.32", "critical": True},
]


def check_http(url, timeout):
    t0 = time.monotonic()
    try:
        r = requests.head(url, timeout=timeout, allow_redirects=True)
        if r.status_code in (405, 501):
            r = requests.get(url, timeout=timeout, stream=True)
            r.close()
        ok = r.status_code < 400
        detail = "HTTP %d" % r.status_code
    except requests.RequestException as exc:
        ok, detail = False, type(exc).__name__
    return ok, detail, (time.monotonic() - t0) * 1000


def check_tcp(host, port, timeout):
    t0 = time.monotonic()
    try:
        with socket.create_connection((host, port), timeout=timeout):
            ok, detail = True, "connected"
    except OSError as exc:
        ok, detail = False, exc.strerror or str(exc)
    return ok, detail, (time.monotonic() - t0) * 1000


CHECKERS = {
    "http": lambda ep, t: check_http(ep["url"], t),
    "modbus": lambda ep, t: check_tcp(ep["host"], ep.get("port", 502), t),
}


def load_endpoints(path):
    if not path:
        return DEFAULT_ENDPOINTS
    try:
        with open(path) as fh:
            return json.load(fh)
    except (OSError, ValueError) as exc:
        log.error("cannot read %s (%s); using defaults", path, exc)
        return DEFAULT_ENDPOINTS


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--endpoints", help="JSON list of endpoints")
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--retries", type=int, default=2)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    endpoints = load_endpoints(args.endpoints)
    out = "endpoint_check_%s.csv" % datetime.now().strftime("%Y%m%d")
    critical_down = []
    with open(out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["time", "name", "kind", "ok", "detail", "ms"])
        for ep in endpoints:
            checker = CHECKERS.get(ep.get("kind"))
            if checker is None:
                log.warning("%s: unknown kind %r", ep.get("name"), ep.get("kind"))
                continue
            for attempt in range(args.retries + 1):
                ok, detail, ms = checker(ep, args.timeout)
                if ok:
                    break
                time.sleep(1 + attempt)
            w.writerow([datetime.now().isoformat(timespec="seconds"),
                        ep["name"], ep["kind"], ok, detail, "%.0f" % ms])
            log.info("%-16s %-6s %-4s %s (%.0f ms)", ep["name"], ep["kind"],
                     "up" if ok else "DOWN", detail, ms)
            if not ok and ep.get("critical"):
                critical_down.append(ep["name"])

    if critical_down:
        log.error("critical endpoints down: %s", ", ".join(critical_down))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
