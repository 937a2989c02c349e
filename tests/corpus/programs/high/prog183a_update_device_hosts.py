#!/usr/bin/env python3
"""Keep /etc/hosts on the gym PCs pointing at the in-house devices
(round timer, CCTV recorder, printer, door controller) so staff can type
names instead of IPs. Must be run as root.
"""
import argparse
import csv
import logging
import os
import shutil
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("hosts_sync")

HOSTS = Path("/etc/hosts")
BEGIN = "# BEGIN ironside-devices"
END = "# END ironside-devices"

DEFAULT_DEVICES = [
    ("192.0.2.10", "ringtimer.gym.lan"),
    ("192.0.2.20", "nvr.gym.lan"),
    ("192.0.2.31", "printer-frontdesk.gym.lan"),
    ("192.0.2.40", "doors.gym.lan"),
]


def load_devices(path):
    if path is None:
        return DEFAULT_DEVICES
    devices = []
    with open(path, newline="") as fh:
        for row in csv.reader(fh):
            if len(row) >= 2 and not row[0].startswith("#"):
                devices.append((row[0].strip(), row[1].strip()))
    return devices


def render_block(devices):
    lines = [BEGIN, f"# managed by {Path(__file__).name} on {datetime.now():%Y-%m-%d %H:%M}"]
    for ip, name in devices:
        short = name.split(".")[0]
        lines.append(f"{ip}\t{name} {short}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def strip_block(text):
    out, skipping = [], False
    for line in text.splitlines(keepends=True):
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    return "".join(out)


def main():
    parser = argparse.ArgumentParser(description="Sync gym device names into /etc/hosts")
    parser.add_argument("--devices", help="CSV of ip,name")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    devices = load_devices(args.devices)
    current = HOSTS.read_text()
    new = strip_block(current).rstrip("\n") + "\n\n" + render_block(devices)

    if args.dry_run:
        print(new)
        return 0
    if new == current:
        log.info("/etc/hosts already up to date")
        return 0
    if os.geteuid() != 0:
        log.error("must be run as root (try: sudo %s)", sys.argv[0])
        return 1

    backup = HOSTS.with_name(f"hosts.bak-{datetime.now():%Y%m%d%H%M%S}")
    shutil.copy2(HOSTS, backup)
    tmp = HOSTS.with_name("hosts.ironside-tmp")
    tmp.write_text(new)
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    os.replace(tmp, HOSTS)
    log.info("updated /etc/hosts with %d devices (backup %s)", len(devices), backup)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
