#!/usr/bin/env python3
"""Health check for the lesson-room booking sync.

Checks that the calendar and booking endpoints the sync depends on resolve
and answer, and lists which integration settings are present in this
install's environment (names only) so the shop can spot a missing setting
before the Saturday lesson rush.
"""
import argparse
import json
import logging
import os
import socket
import sys

import requests

log = logging.getLogger("room_probe")

SETTING_PREFIXES = ("ROOMSYNC_", "BOOKING_", "CALENDAR_", "GOOGLE_", "MS_GRAPH_")
REQUIRED = ("ROOMSYNC_API_TOKEN", "CALENDAR_ID")


def integration_settings(environ=os.environ):
    """Names of the env settings that decide how this shop's sync behaves."""
    return sorted(k for k in environ if k.startswith(SETTING_PREFIXES))


class SettingsReport:
    def __init__(self, present):
        self.present = present

    def missing(self):
        return [name for name in REQUIRED if name not in self.present]

    def lines(self):
        for name in self.present:
            yield f"  set      {name}"
        for name in self.missing():
            yield f"  MISSING  {name}"


def check_endpoint(url, timeout=5.0):
    host = requests.utils.urlparse(url).hostname
    result = {"url": url, "resolves": False, "status": None}
    try:
        socket.getaddrinfo(host, 443)
        result["resolves"] = True
        resp = requests.head(url, timeout=timeout, allow_redirects=True)
        result["status"] = resp.status_code
    except (socket.gaierror, requests.RequestException) as exc:
        result["error"] = str(exc)
    return result


def load_endpoints(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh).get("endpoints", [])
    except FileNotFoundError:
        return ["https://calendar.roomsync.example.net/health",
                "https://bookings.roomsync.example.net/health"]


def main(argv=None):
    ap = argparse.ArgumentParser(description="Lesson-room booking sync health check")
    ap.add_argument("--config", default="roomsync.json")
    ap.add_argument("--skip-settings", action="store_true")
    ap.add_argument("--json", action="store_true", help="print machine readable output")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    results = [check_endpoint(url) for url in load_endpoints(args.config)]
    healthy = all(r["resolves"] and r["status"] and r["status"] < 500 for r in results)

    report = None
    if not args.skip_settings:
        report = SettingsReport(integration_settings())
        if report.missing():
            healthy = False

    if args.json:
        out = {"healthy": healthy, "checks": results}
        if report:
            out["settings"] = {"present": report.present, "missing": report.missing()}
        print(json.dumps(out, indent=2))
    else:
        for r in results:
            state = r.get("status") or r.get("error", "no answer")
            print(f"{'OK ' if r['resolves'] else 'ERR'} {r['url']} -> {state}")
        if report:
            print("settings:")
            for line in report.lines():
                print(line)
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())
