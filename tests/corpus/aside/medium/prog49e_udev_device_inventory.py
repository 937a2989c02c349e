#!/usr/bin/env python3
"""Inventory USB serial and HID devices from the udev database so the lab
bench scripts can map a board's serial number to its /dev node.

Queries `udevadm info --export-db` (no privileges needed) and keeps a small
cache in ./.cache/udev_inventory.pkl to speed up repeated lookups.
"""
import argparse
import json
import logging
import pickle
import subprocess
import sys
import time
from dataclasses import dataclass, field, asdict
from pathlib import Path

log = logging.getLogger("udev-inv")
CACHE = Path(".cache/udev_inventory.pkl")
CACHE_TTL = 30.0
INTERESTING = {"tty", "hidraw"}


@dataclass
class Device:
    devpath: str
    props: dict = field(default_factory=dict)

    @property
    def node(self):
        return self.props.get("DEVNAME")

    @property
    def serial(self):
        return self.props.get("ID_SERIAL_SHORT") or self.props.get("ID_SERIAL")


def export_db() -> str:
    proc = subprocess.Popen(
        ["udevadm", "info", "--export-db"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    out, err = proc.communicate(timeout=20)
    if proc.returncode != 0:
        raise RuntimeError(f"udevadm failed: {err.strip()}")
    return out


def parse(text: str) -> list:
    devices, current = [], None
    for line in text.splitlines():
        if line.startswith("P: "):
            current = Device(devpath=line[3:])
            devices.append(current)
        elif line.startswith("E: ") and current is not None:
            key, _, value = line[3:].partition("=")
            current.props[key] = value
    return [d for d in devices if d.props.get("SUBSYSTEM") in INTERESTING and d.node]


def load_inventory(refresh: bool) -> list:
    if not refresh and CACHE.exists() and time.time() - CACHE.stat().st_mtime < CACHE_TTL:
        with CACHE.open("rb") as fh:
            log.debug("using cache %s", CACHE)
            return pickle.load(fh)
    devices = parse(export_db())
    CACHE.parent.mkdir(exist_ok=True)
    with CACHE.open("wb") as fh:
        pickle.dump(devices, fh)
    return devices


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--serial", help="print only the node for this serial")
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    try:
        devices = load_inventory(args.refresh)
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
        log.error("%s", exc)
        return 1

    if args.serial:
        matches = [d for d in devices if d.serial == args.serial]
        if not matches:
            log.error("no device with serial %s", args.serial)
            return 1
        print(matches[0].node)
        return 0

    if args.json:
        print(json.dumps([asdict(d) for d in devices], indent=2))
    else:
        for d in devices:
            vendor = d.props.get("ID_VENDOR", "?")
            model = d.props.get("ID_MODEL", "?")
            print(f"{d.node:<16} {vendor:<14} {model:<24} {d.serial or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
