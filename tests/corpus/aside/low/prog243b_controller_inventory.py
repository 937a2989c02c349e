#!/usr/bin/env python3
"""Record a hardware/OS inventory entry for this dosing or climate controller.

Reads /etc/os-release and /proc/cpuinfo, plus the list of attached sensors
piped in on stdin (one "name,type,bus" per line, e.g. from
`cut -d, -f1-3 sensors.csv | python3 prog243b_controller_inventory.py`).
The zone and role come from FARM_ZONE / FARM_ROLE. Entries are cached in
./inventory_cache keyed by an MD5 of their content, and a base64 label
string is produced for the QR sticker printer.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

LOG = logging.getLogger("inventory")


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path) as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError as exc:
        LOG.warning("cannot read %s: %s", path, exc)
    return {"name": info.get("PRETTY_NAME", "unknown"), "id": info.get("ID", "")}


def read_cpuinfo(path="/proc/cpuinfo"):
    model, cores = "unknown", 0
    try:
        with open(path) as fh:
            for line in fh:
                key, _, val = line.partition(":")
                key = key.strip().lower()
                if key == "processor":
                    cores += 1
                elif key in ("model name", "model", "hardware") and model == "unknown":
                    model = val.strip()
    except OSError as exc:
        LOG.warning("cannot read %s: %s", path, exc)
    return {"model": model, "cores": cores}


def read_sensors(stream):
    sensors = []
    if stream.isatty():
        return sensors
    for line in stream:
        parts = [p.strip() for p in line.split(",")]
        if len(parts) >= 3 and parts[0] and parts[0] != "name":
            sensors.append({"name": parts[0], "type": parts[1], "bus": parts[2]})
    return sensors


class InventoryCache:
    def __init__(self, directory: Path):
        self.directory = directory
        self.directory.mkdir(parents=True, exist_ok=True)

    @staticmethod
    def key(entry: dict) -> str:
        blob = json.dumps(entry, sort_keys=True).encode()
        return hashlib.md5(blob).hexdigest()

    def store(self, entry: dict) -> Path:
        path = self.directory / f"{self.key(entry)}.json"
        if path.exists():
            LOG.info("entry unchanged (%s)", path.name)
            return path
        path.write_text(json.dumps(entry, indent=2, sort_keys=True))
        os.chmod(path, 0o600)
        LOG.info("stored %s", path)
        return path


def qr_label(entry: dict) -> str:
    short = f"{entry['zone']}|{entry['role']}|{entry['os']['id']}|{len(entry['sensors'])}"
    return base64.urlsafe_b64encode(short.encode()).decode()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--cache-dir", type=Path, default=Path("./inventory_cache"))
    ap.add_argument("--print", dest="do_print", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    entry = {
        "zone": os.environ.get("FARM_ZONE", "unassigned"),
        "role": os.environ.get("FARM_ROLE", "controller"),
        "os": read_os_release(),
        "cpu": read_cpuinfo(),
        "sensors": read_sensors(sys.stdin),
    }
    cache = InventoryCache(args.cache_dir)
    path = cache.store(entry)
    label = qr_label(entry)
    (args.cache_dir / "last_label.txt").write_text(label + "\n")
    if args.do_print:
        print(json.dumps(entry, indent=2))
    print(f"label: {label}")
    print(f"cache: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
