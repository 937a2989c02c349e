#!/usr/bin/env python3
"""festival_hosts_mapper.py

The production network has no reliable DNS on site, so the FOH and stage
machines resolve consoles, media servers and scanner gateways through a
managed block in /etc/hosts. This tool renders that block from devices.csv
and installs it into /etc/hosts with a small generated shell script.
"""
import argparse
import csv
import ipaddress
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HOSTS = Path("/etc/hosts")
BEGIN = "# BEGIN festival-devices"
END = "# END festival-devices"
DOMAIN = "stage.example.org"

INSTALLER = """#!/bin/sh
set -eu
cp -p "$HOSTS_PATH" "$HOSTS_PATH.bak-$STAMP"
install -m 0644 -o root -g root "$NEW_HOSTS" "$HOSTS_PATH"
echo "installed $(grep -c . "$NEW_HOSTS") lines into $HOSTS_PATH"
"""

log = logging.getLogger("hosts-mapper")


class Device:
    def __init__(self, name, address, stage, aliases=""):
        self.name = name.strip().lower()
        self.address = ipaddress.ip_address(address.strip())
        self.stage = stage.strip().lower() or "site"
        self.aliases = [a.strip().lower() for a in aliases.split() if a.strip()]

    def line(self):
        fqdn = f"{self.name}.{self.stage}.{DOMAIN}"
        names = [fqdn, self.name] + self.aliases
        return f"{self.address}\t{' '.join(names)}"


def load_devices(path):
    devices, seen = [], set()
    with open(path, newline="") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                dev = Device(row["name"], row["address"], row.get("stage", ""),
                             row.get("aliases", ""))
            except (KeyError, ValueError) as exc:
                log.warning("devices.csv line %d skipped: %s", lineno, exc)
                continue
            if dev.name in seen:
                log.warning("duplicate device %s on line %d", dev.name, lineno)
                continue
            seen.add(dev.name)
            devices.append(dev)
    return devices


def render(current, devices):
    kept, inside = [], False
    for line in current.splitlines():
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            kept.append(line)
    block = [BEGIN] + [d.line() for d in sorted(devices, key=lambda d: d.address)] + [END]
    return "\n".join(kept).rstrip() + "\n\n" + "\n".join(block) + "\n"


def install(new_text, stamp):
    with tempfile.TemporaryDirectory(prefix="hostsmap-") as tmp:
        new_file = Path(tmp) / "hosts.new"
        script = Path(tmp) / "install.sh"
        new_file.write_text(new_text)
        script.write_text(INSTALLER)
        env = dict(os.environ, HOSTS_PATH=str(HOSTS), NEW_HOSTS=str(new_file),
                   STAMP=stamp)
        proc = subprocess.run(["sh", str(script)], env=env,
                              capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip())
    return proc.stdout.strip()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Install festival device names into /etc/hosts")
    ap.add_argument("devices", nargs="?", default="devices.csv")
    ap.add_argument("--diff", action="store_true", help="only show the new block")
    ap.add_argument("--stamp", default=os.environ.get("FEST_DAY", "day0"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        devices = load_devices(args.devices)
    except FileNotFoundError:
        log.error("no device list at %s", args.devices)
        return 1
    if not devices:
        log.error("device list is empty, refusing to touch %s", HOSTS)
        return 1

    new_text = render(HOSTS.read_text(), devices)
    if args.diff:
        print(new_text[new_text.index(BEGIN):])
        return 0
    if os.geteuid() != 0:
        log.error("must run as root to update %s", HOSTS)
        return 1
    try:
        log.info(install(new_text, args.stamp))
    except RuntimeError as exc:
        log.error("install failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
