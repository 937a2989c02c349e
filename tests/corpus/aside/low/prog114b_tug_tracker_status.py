#!/usr/bin/env python3
"""Tug maintenance tracker client for the hangar laptop.

Reads the tug's tacho hours and the 50h / 100h / annual check status from
the maintenance server in the hangar office and prints what is due.  The
hangar LAN has no DNS, so the client remembers the server's address in its
own settings file and talks to it directly.
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


class AddressBook:
    """Remembers the hangar server address in the local settings file."""

    def __init__(self, cfg, path=CONFIG):
        self.cfg = cfg
        self.path = path

    def resolve(self, override=None):
        addr = override or self.cfg["server"]["address"]
        addr = str(ipaddress.ip_address(addr))
        if addr != self.cfg["server"].get("last_good"):
            self.cfg["server"]["last_good"] = addr
            with open(self.path, "w") as fh:
                self.cfg.write(fh)
            log.info("remembered %s -> %s in %s",
                     self.cfg["server"]["name"], addr, self.path)
        return addr


def load_settings():
    cp = configparser.ConfigParser()
    cp.read_dict({"server": {"name": SERVER_NAME, "address": DEFAULT_ADDR,
                             "port": "8088"},
                  "fleet": {"tugs": "G-BPZD,G-TUGX"}})
    cp.read(CONFIG)
    return cp


def get_json(url, host_header, timeout=8):
    req = urllib.request.Request(url, headers={"Host": host_header})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
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
    ap.add_argument("--address", help="override the server address")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cfg = load_settings()
    srv = cfg["server"]
    try:
        addr = AddressBook(cfg).resolve(args.address)
    except ValueError as exc:
        log.error("bad server address: %s", exc)
        return 2

    base = f"http://{addr}:{srv['port']}/api/tugs"
    tugs = args.tug or [t.strip() for t in cfg["fleet"]["tugs"].split(",")]
    rc = 0
    for reg in tugs:
        try:
            record = get_json(f"{base}/{reg}", srv["name"])
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
