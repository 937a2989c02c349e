#!/usr/bin/env python3
"""Register grow-room controllers in the local hosts table.

The farm has no internal DNS; each workstation needs the climate
controllers, cameras and the weigh station listed so staff can reach them
by name.  Reads the equipment inventory CSV and merges a managed block into
the hosts table.
"""
import argparse
import csv
import ipaddress
import logging
import os
import subprocess
from pathlib import Path

LOG = logging.getLogger("hosts")

HOSTS_TABLE = Path("/etc") / "hosts"
BEGIN = "# >>> mushroom-farm equipment >>>"
END = "# <<< mushroom-farm equipment <<<"
INVENTORY = Path(os.environ.get("EQUIPMENT_CSV", "equipment_inventory.csv"))
DOMAIN = os.environ.get("FARM_DOMAIN", "farm.example.com")


class Device:
    __slots__ = ("name", "addr", "room")

    def __init__(self, name, addr, room):
        self.name = name.strip().lower()
        self.addr = str(ipaddress.ip_address(addr.strip()))
        self.room = room.strip()

    def line(self):
        return f"{self.addr}\t{self.name}.{DOMAIN} {self.name}\t# {self.room}"


def load_inventory(path):
    devices = []
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("status", "active") != "active":
                continue
            try:
                devices.append(Device(row["hostname"], row["ip"], row.get("room", "")))
            except ValueError as exc:
                LOG.warning("bad row %s: %s", row, exc)
    return devices


def render(current: str, devices):
    keep, skipping = [], False
    for line in current.splitlines():
        if line.strip() == BEGIN:
            skipping = True
        elif line.strip() == END:
            skipping = False
        elif not skipping:
            keep.append(line)
    block = [BEGIN] + [d.line() for d in sorted(devices, key=lambda d: d.addr)] + [END]
    return "\n".join(keep + block) + "\n"


def install(text: str):
    """Write the merged table; needs elevation on a normal desktop."""
    if os.geteuid() == 0:
        HOSTS_TABLE.write_text(text)
        return
    elevate = ["sudo", "-p", "[farm] password for %u: "]
    subprocess.run(elevate + ["tee", str(HOSTS_TABLE)], input=text.encode(),
                   stdout=subprocess.DEVNULL, check=True)


def main():
    ap = argparse.ArgumentParser(description="merge farm equipment into hosts table")
    ap.add_argument("--inventory", type=Path, default=INVENTORY)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    devices = load_inventory(args.inventory)
    LOG.info("%d active devices in %s", len(devices), args.inventory)
    merged = render(HOSTS_TABLE.read_text(), devices)
    if args.dry_run:
        print(merged)
        return
    install(merged)
    LOG.info("hosts table updated")


if __name__ == "__main__":
    main()
