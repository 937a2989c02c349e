#!/usr/bin/env python3
"""Generate udev rules so the lab's USB measurement devices are accessible
to the 'plugdev' group, and write them to the system rules directory.

Device descriptions are scanned in a worker thread and handed over through
a queue to the writer.
"""
import argparse
import csv
import logging
import os
import queue
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("udev-rules")
RULES_DIR = Path("/etc/udev/rules.d")
RULE_FMT = ('SUBSYSTEM=="{subsystem}", ATTRS{{idVendor}}=="{vendor}", '
            'ATTRS{{idProduct}}=="{product}", MODE="{mode}", GROUP="{group}", '
            'SYMLINK+="{alias}"\n')


@dataclass
class DeviceSpec:
    alias: str
    vendor: str
    product: str
    subsystem: str = "usb"
    mode: str = "0660"
    group: str = "plugdev"

    def valid(self) -> bool:
        ids = (self.vendor, self.product)
        return all(len(x) == 4 and all(c in "0123456789abcdef" for c in x) for x in ids)


def scanner(inventory: Path, out: "queue.Queue[DeviceSpec | None]") -> None:
    try:
        with inventory.open(newline="") as fh:
            for row in csv.DictReader(fh):
                spec = DeviceSpec(alias=row["alias"], vendor=row["vendor"].lower(),
                                  product=row["product"].lower(),
                                  subsystem=row.get("subsystem") or "usb")
                if spec.valid():
                    out.put(spec)
                else:
                    log.warning("skipping malformed row for %s", row.get("alias"))
    finally:
        out.put(None)


def writer(q: "queue.Queue[DeviceSpec | None]", target: Path, dry_run: bool) -> int:
    lines = ["# Managed by lab-device-setup; local edits will be overwritten\n"]
    while True:
        spec = q.get()
        if spec is None:
            break
        lines.append(RULE_FMT.format(**spec.__dict__))
    if dry_run:
        sys.stdout.writelines(lines)
        return len(lines) - 1
    tmp = target.with_name("." + target.name + ".tmp")
    with open(tmp, "w", encoding="ascii") as fh:
        fh.writelines(lines)
    os.chmod(tmp, 0o644)
    os.replace(tmp, target)
    return len(lines) - 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inventory", type=Path, help="CSV with alias,vendor,product")
    ap.add_argument("--name", default="72-lab-instruments.rules")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    q: "queue.Queue[DeviceSpec | None]" = queue.Queue(maxsize=64)
    t = threading.Thread(target=scanner, args=(args.inventory, q), daemon=True)
    t.start()
    try:
        n = writer(q, RULES_DIR / args.name, args.dry_run)
    except PermissionError:
        log.error("cannot write to %s; run as root", RULES_DIR)
        return 1
    t.join()
    log.info("%d rule(s) %s", n, "previewed" if args.dry_run else f"written to {RULES_DIR / args.name}")
    if not args.dry_run:
        log.info("run 'udevadm control --reload' and replug the devices")
    return 0


if __name__ == "__main__":
    sys.exit(main())
