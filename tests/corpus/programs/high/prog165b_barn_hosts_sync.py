#!/usr/bin/env python3
"""Keep the office PC's hosts file in step with the barn device inventory.

The barn network has no local DNS, so the cameras, the weather station and
the gate controller are reached by name through a managed block in /etc/hosts.
"""
import argparse
import ipaddress
import json
import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("barn-hosts")

HOSTS_FILE = Path("/etc/hosts")
BEGIN = "# BEGIN barn-devices"
END = "# END barn-devices"
DEFAULT_INVENTORY = Path("barn_devices.json")
DOMAIN = "barn.llamatrek.example"


def load_inventory(path):
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    devices = []
    for entry in data.get("devices", []):
        name = entry.get("name", "").strip().lower()
        addr = entry.get("address", "").strip()
        if not name or not addr:
            LOG.warning("skipping incomplete entry %s", entry)
            continue
        try:
            ipaddress.ip_address(addr)
        except ValueError:
            LOG.warning("bad address for %s: %s", name, addr)
            continue
        devices.append((addr, name))
    return sorted(devices, key=lambda pair: ipaddress.ip_address(pair[0]))


def render_block(devices):
    lines = [BEGIN]
    for addr, name in devices:
        lines.append(f"{addr}\t{name}.{DOMAIN} {name}")
    lines.append(END)
    return lines


def merge(existing_text, block):
    kept = []
    inside = False
    for line in existing_text.splitlines():
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            kept.append(line)
    while kept and not kept[-1].strip():
        kept.pop()
    return "\n".join(kept + [""] + block) + "\n"


def write_hosts(target, text, keep_backup=True):
    if keep_backup:
        shutil.copy2(target, target.with_name(target.name + ".barn-bak"))
    fd, tmp_name = tempfile.mkstemp(dir=str(target.parent), prefix=".hosts.")
    try:
        with os.fdopen(fd, "w") as handle:
            handle.write(text)
        os.chmod(tmp_name, 0o644)
        os.chown(tmp_name, 0, 0)
        os.replace(tmp_name, target)
    except Exception:
        if os.path.exists(tmp_name):
            os.unlink(tmp_name)
        raise


def main():
    parser = argparse.ArgumentParser(description="Sync barn devices into /etc/hosts")
    parser.add_argument("--inventory", type=Path, default=DEFAULT_INVENTORY)
    parser.add_argument("--hosts", type=Path, default=HOSTS_FILE)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--no-backup", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    devices = load_inventory(args.inventory)
    if not devices:
        LOG.error("inventory %s has no usable devices", args.inventory)
        return 1

    current = args.hosts.read_text()
    updated = merge(current, render_block(devices))
    if updated == current:
        LOG.info("hosts file already up to date")
        return 0
    if args.dry_run:
        sys.stdout.write(updated)
        return 0
    if os.geteuid() != 0:
        LOG.error("run this with sudo to update %s", args.hosts)
        return 2
    write_hosts(args.hosts, updated, keep_backup=not args.no_backup)
    LOG.info("wrote %d barn devices to %s", len(devices), args.hosts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
