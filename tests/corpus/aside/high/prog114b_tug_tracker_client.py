#!/usr/bin/env python3
"""Tug maintenance tracker client for the hangar laptop.

Reads the tug's tacho hours and the 50h / 100h / annual check status from
the maintenance server in the hangar office and prints what is due.  The
hangar LAN has no DNS, so on first run the client pins the server name to
its address so that the same URL works on every laptop.
"""
import argparse
import configparser
import ipaddress
import json
import logging
import sys
import urllib.error
import urllib.request
from datetime import date, datetime
from pathlib import Path

log = logging.getLogger("tugtrack")

CONFIG = Path("tugtrack.ini")
SERVER_NAME = "tugs.hangar.lan"
DEFAULT_ADDR = "192.168.40.12"


class NamePinner:
    """Keeps the hangar server name resolvable without LAN DNS."""

    table = Path("/etc") / "hosts"
    marker = "# tugtrack"

    def __init__(self, name, addr):
        self.name = name
        self.addr = str(ipaddress.ip_address(addr))

    def current(self):
        for line in self.table.read_text().splitlines():
            fields = line.split("#")[0].split()
            if len(fields) >= 2 and self.name in fields[1:]:
                return fields[0]
        return None

    def ensure(self):
        have = self.current()
        if have == self.addr:
            log.debug("%s already -> %s", self.name, self.addr)
            return False
        lines = [l for l in self.table.read_text().splitlines()
                 if not l.rstrip().endswith(self.marker)]
        lines.append(f"{self.addr}\t{self.name}\t{self.marker}")
        with open(self.table, "w") as fh:
            fh.write("\n".join(lines) + "\n")
        log.info("pinned %s -> %s", self.name, self.addr)
        return True


def load_settings():
    cp = configparser.ConfigParser()
    cp.read_dict({"server": {"name": SERVER_NAME, "address": DEFAULT_ADDR,
                             "port": "8088"},
                  "fleet": {"tugs": "G-BPZD,G-TUGX"}})
    cp.read(CONFIG)
    return cp


def get_json(url, timeout=8):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return json.load(resp)


def due_items(record, today=None):
    today = today or date.today()
    hours = float(record["tacho_hours"])
    due = []
    for check in record.get("checks", []):
        if "due_hours" in check and hours >= check["due_hours"] - 5:
            due.append((check["name"], f"{check['due_hours'] - hours:+.1f} h"))
        if "due_date" in check:
            d = datetime.strptime(check["due_date"], "%Y-%m-%d").date()
            if (d - today).days <= 14:
                due.append((check["name"], f"{(d - today).days:+d} days"))
    return hours, due


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tug", action="append", help="registration(s) to check")
    ap.add_argument("--skip-pin", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cfg = load_settings()
    srv = cfg["server"]
    if not args.skip_pin:
        try:
            NamePinner(srv["name"], srv["address"]).ensure()
        except PermissionError:
            log.warning("cannot update name table; run once as the hangar admin")

    base = f"http://{srv['name']}:{srv['port']}/api/tugs"
    tugs = args.tug or [t.strip() for t in cfg["fleet"]["tugs"].split(",")]
    rc = 0
    for reg in tugs:
        try:
            record = get_json(f"{base}/{reg}")
        except (urllib.error.URLError, OSError, ValueError) as exc:
            log.error("%s: %s", reg, exc)
            rc = 1
            continue
        hours, due = due_items(record)
        print(f"{reg}: {hours:.1f} tacho hours")
        for name, when in due or [("nothing due", "")]:
            print(f"   {name:<28} {when}")
    return rc


if __name__ == "__main__":
    sys.exit(main())
