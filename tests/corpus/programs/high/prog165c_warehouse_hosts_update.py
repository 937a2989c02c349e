#!/usr/bin/env python3
"""Keep warehouse device names in the local hosts file.

The warehouse has no internal DNS, so the cutting machine, label printers and
roll scanners are listed in /etc/hosts on the office PCs. This tool rewrites a
managed block of that file from devices.csv.
"""
import argparse
import csv
import ipaddress
import logging
import shutil
from datetime import datetime
from pathlib import Path

log = logging.getLogger("hostsync")

HOSTS_FILE = Path("/etc/hosts")
BLOCK_START = "# >>> warehouse devices >>>"
BLOCK_END = "# <<< warehouse devices <<<"
DOMAIN = "warehouse.plushline.example"


class Device:
    def __init__(self, name, address, role):
        self.name = name.strip().lower()
        self.address = str(ipaddress.ip_address(address.strip()))
        self.role = role.strip()

    def hosts_line(self):
        fqdn = "{}.{}".format(self.name, DOMAIN)
        return "{:<16} {} {}  # {}".format(self.address, fqdn, self.name, self.role)


def read_devices(csv_path):
    devices = []
    with open(csv_path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                devices.append(Device(row["name"], row["address"], row.get("role", "")))
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %s: %s", row, exc)
    return devices


def strip_block(lines):
    out, inside = [], False
    for line in lines:
        if line.strip() == BLOCK_START:
            inside = True
            continue
        if line.strip() == BLOCK_END:
            inside = False
            continue
        if not inside:
            out.append(line)
    return out


def build_block(devices):
    block = [BLOCK_START]
    block.extend(d.hosts_line() for d in sorted(devices, key=lambda d: d.name))
    block.append(BLOCK_END)
    return block


def backup(path):
    stamp = datetime.now().strftime("%Y%m%d%H%M%S")
    copy = path.with_name(path.name + ".bak-" + stamp)
    shutil.copy2(path, copy)
    return copy


def update_hosts(devices, hosts_path, dry_run):
    current = hosts_path.read_text().splitlines()
    kept = strip_block(current)
    while kept and not kept[-1].strip():
        kept.pop()
    new_lines = kept + [""] + build_block(devices)
    text = "\n".join(new_lines) + "\n"
    if dry_run:
        print(text)
        return False
    if text == "\n".join(current) + "\n":
        log.info("hosts file already up to date")
        return False
    saved = backup(hosts_path)
    hosts_path.write_text(text)
    log.info("updated %s (%d devices), backup at %s", hosts_path, len(devices), saved)
    return True


def main():
    parser = argparse.ArgumentParser(description="Sync warehouse devices into /etc/hosts")
    parser.add_argument("devices", nargs="?", default="devices.csv")
    parser.add_argument("--hosts", default=str(HOSTS_FILE))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    devices = read_devices(args.devices)
    if not devices:
        log.error("no devices read from %s", args.devices)
        return 1
    try:
        update_hosts(devices, Path(args.hosts), args.dry_run)
    except PermissionError:
        log.error("cannot write %s, run with sudo", args.hosts)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
