#!/usr/bin/env python3
"""Map race-day timing devices to friendly names on the results laptop.

The chip mats, start clock and results screen sit on a small field LAN.
This writes their addresses into the system hosts table between marker
lines so volunteers can use names like 'mat-summit' instead of IPs.
"""
import argparse
import ipaddress
import json
import logging
import os
import shutil
import sys
import time

LOG = logging.getLogger("timing_hosts")

HOSTS_PATH = os.path.join(os.sep, "etc", "hosts")
BEGIN = "# >>> race-day devices >>>"
END = "# <<< race-day devices <<<"


def load_devices(path):
    with open(path) as fh:
        data = json.load(fh)
    devices = {}
    for name, addr in data.get("devices", {}).items():
        try:
            ipaddress.ip_address(addr)
        except ValueError:
            LOG.warning("ignoring %s: bad address %r", name, addr)
            continue
        devices[name] = addr
    return devices


def strip_block(lines):
    out, inside = [], False
    for line in lines:
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    return out


def render_block(devices, domain):
    block = [BEGIN + "\n"]
    for name in sorted(devices):
        block.append(f"{devices[name]}\t{name}.{domain}\t{name}\n")
    block.append(END + "\n")
    return block


class HostsTable:
    def __init__(self, path=HOSTS_PATH):
        self.path = path

    def read(self):
        with open(self.path) as fh:
            return fh.readlines()

    def backup(self):
        dest = f"{self.path}.{time.strftime('%Y%m%d%H%M%S')}.bak"
        shutil.copy2(self.path, dest)
        LOG.info("backup saved to %s", dest)

    def write(self, lines):
        tmp = self.path + ".new"
        with open(tmp, "w") as fh:
            fh.writelines(lines)
        os.chmod(tmp, 0o644)
        os.replace(tmp, self.path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("devices", help="JSON file: {\"devices\": {name: ip}}")
    ap.add_argument("--domain", default="race.lan")
    ap.add_argument("--remove", action="store_true", help="drop the device block")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    table = HostsTable()
    try:
        current = strip_block(table.read())
        new = current if args.remove else current + render_block(load_devices(args.devices), args.domain)
    except (OSError, json.JSONDecodeError) as exc:
        LOG.error("cannot prepare hosts table: %s", exc)
        return 1

    if args.dry_run:
        sys.stdout.writelines(new)
        return 0
    try:
        table.backup()
        table.write(new)
    except PermissionError:
        LOG.error("no permission to update %s; run as an administrator", HOSTS_PATH)
        return 2
    LOG.info("hosts table updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
