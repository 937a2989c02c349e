#!/usr/bin/env python3
"""Check the market indicator and micron price guide before a sale.

Fetches the daily price guide, compares it with the co-op's reserve
prices, and writes a short report. The report is also stored as a base64
field inside a JSON envelope because the office's message board only
accepts JSON attachments.
"""
import argparse
import base64
import json
import logging
import platform
import sys
from datetime import date

import requests

log = logging.getLogger("price_check")

GUIDE_URL = "https://prices.example.com/guide/daily.json"
STATUS_URL = "https://prices.example.com/status"


def os_label():
    """Short OS description for the User-Agent string."""
    try:
        with open("/etc/os-release") as fh:
            fields = dict(line.rstrip().split("=", 1) for line in fh if "=" in line)
        return fields.get("PRETTY_NAME", "linux").strip('"')
    except OSError:
        return platform.system()


def cpu_count_hint():
    try:
        with open("/proc/cpuinfo") as fh:
            return sum(1 for line in fh if line.startswith("processor"))
    except OSError:
        return 1


class GuideClient:
    def __init__(self, timeout):
        self.timeout = timeout
        self.headers = {"User-Agent": "wool-price-check/0.9 (%s)" % os_label()}

    def up(self):
        try:
            return requests.head(STATUS_URL, headers=self.headers,
                                 timeout=self.timeout).ok
        except requests.RequestException:
            return False

    def guide(self):
        resp = requests.get(GUIDE_URL, headers=self.headers, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def load_reserves(path):
    with open(path) as fh:
        return json.load(fh)  # {"17.5": 1850, "18.5": 1600, ...} cents/kg clean


def compare(guide, reserves):
    lines = []
    prices = guide.get("microns", {})
    for micron, reserve in sorted(reserves.items(), key=lambda kv: float(kv[0])):
        quote = prices.get(micron)
        if quote is None:
            lines.append("%5s um: no quote" % micron)
            continue
        gap = quote - reserve
        flag = "OK" if gap >= 0 else "BELOW RESERVE"
        lines.append("%5s um: guide %5d c/kg, reserve %5d (%+d) %s"
                     % (micron, quote, reserve, gap, flag))
    return lines


def main():
    ap = argparse.ArgumentParser(description="Price guide vs reserves")
    ap.add_argument("--reserves", default="reserves.json")
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("--envelope", default="price_report.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    log.debug("running on %d cpus", cpu_count_hint())

    client = GuideClient(args.timeout)
    if not client.up():
        log.warning("price service status check failed, trying anyway")
    try:
        guide = client.guide()
        reserves = load_reserves(args.reserves)
    except (requests.RequestException, OSError, ValueError) as exc:
        log.error("cannot build report: %s", exc)
        return 1

    header = "Price check %s - EMI %s c/kg" % (date.today(), guide.get("emi", "?"))
    report = "\n".join([header] + compare(guide, reserves)) + "\n"
    print(report)

    envelope = {
        "title": header,
        "content_type": "text/plain",
        "body_b64": base64.b64encode(report.encode()).decode(),
    }
    with open(args.envelope, "w") as fh:
        json.dump(envelope, fh, indent=2)
    log.info("wrote %s", args.envelope)
    return 0


if __name__ == "__main__":
    sys.exit(main())
