#!/usr/bin/env python3
"""station_hosts_update.py - keep /etc/hosts in step with the station devices.

The station LAN has no DNS of its own, so the alerting PC resolves the
pager gateway, the wall displays and the door controllers through
/etc/hosts.  This reads the device list (devices.csv in the working
directory) and rewrites the managed block in /etc/hosts with sudo.
"""

import argparse
import csv
import ipaddress
import logging
import os
import re
import subprocess
import sys

HOSTS = "/etc/hosts"
BEGIN = "# BEGIN station-devices"
END = "# END station-devices"
NAME_RE = re.compile(r"^[a-z0-9][a-z0-9.-]{0,62}$")

log = logging.getLogger("hosts_update")


class Device:
    def __init__(self, name, address, role):
        self.name = name
        self.address = address
        self.role = role

    def line(self):
        return "%-15s %s.station.example.net %s  # %s" % (
            self.address, self.name, self.name, self.role)


def load_devices(path):
    devices = []
    with open(path, newline="", encoding="utf-8") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            name = (row.get("name") or "").strip().lower()
            addr = (row.get("address") or "").strip()
            role = (row.get("role") or "device").strip()
            if not NAME_RE.match(name):
                log.warning("line %d: bad name %r, skipped", lineno, name)
                continue
            try:
                ipaddress.ip_address(addr)
            except ValueError:
                log.warning("line %d: bad address %r, skipped", lineno, addr)
                continue
            devices.append(Device(name, addr, role))
    return devices


def render(current, devices):
    out, inside = [], False
    for line in current.splitlines():
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    out.append(BEGIN)
    out.extend(d.line() for d in devices)
    out.append(END)
    return "\n".join(out) + "\n"


def install(text, dry_run):
    if dry_run:
        sys.stdout.write(text)
        return 0
    # back up, then write through sudo tee; new content arrives on a pipe
    script = (
        'set -e\n'
        'sudo cp -p "$HOSTS_FILE" "$HOSTS_FILE.station-bak"\n'
        'sudo tee "$HOSTS_FILE" >/dev/null\n'
        'sudo chmod 644 "$HOSTS_FILE"\n'
    )
    env = dict(os.environ, HOSTS_FILE=HOSTS)
    proc = subprocess.run(["bash", "-c", script], input=text, text=True, env=env)
    return proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--devices", default="devices.csv")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        devices = load_devices(args.devices)
    except OSError as exc:
        log.error("cannot read %s: %s", args.devices, exc)
        return 1
    if not devices:
        log.error("no valid devices, refusing to empty the block")
        return 1

    with open(HOSTS, encoding="utf-8") as fh:
        current = fh.read()
    new = render(current, devices)
    if new == current:
        log.info("%s already up to date", HOSTS)
        return 0

    rc = install(new, args.dry_run)
    if rc != 0:
        log.error("writing %s failed (%d)", HOSTS, rc)
        return rc
    log.info("%d devices written to %s", len(devices), HOSTS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
