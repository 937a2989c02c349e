#!/usr/bin/env python3
"""Keeps the depot's device names (label printers, scales, chill-room
sensors) resolvable on the packing-line PCs by maintaining a managed
block in the system hosts file.
"""
import argparse
import ipaddress
import json
import logging
import os
import shutil
import sys

LOG = logging.getLogger("depot_hosts")

BEGIN = "# >>> depot devices >>>"
END = "# <<< depot devices <<<"
HOSTS_PATH = os.path.join(os.sep, "etc", "hosts")


def load_inventory(path):
    with open(path) as fh:
        data = json.load(fh)
    entries = []
    for item in data.get("devices", []):
        try:
            ip = str(ipaddress.ip_address(item["ip"]))
        except (KeyError, ValueError):
            LOG.warning("bad device entry: %r", item)
            continue
        names = [n for n in item.get("names", []) if n]
        if names:
            entries.append((ip, names))
    return entries


def render_block(entries):
    lines = [BEGIN]
    for ip, names in sorted(entries):
        lines.append(f"{ip}\t{' '.join(names)}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def merge(existing, block):
    out, skipping = [], False
    for line in existing.splitlines(keepends=True):
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    text = "".join(out)
    if not text.endswith("\n"):
        text += "\n"
    return text + block


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--inventory", default="devices.json")
    ap.add_argument("--hosts", default=HOSTS_PATH)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    entries = load_inventory(args.inventory)
    LOG.info("%d devices in inventory", len(entries))
    with open(args.hosts) as fh:
        current = fh.read()
    updated = merge(current, render_block(entries))
    if updated == current:
        LOG.info("hosts already up to date")
        return 0
    if args.dry_run:
        sys.stdout.write(updated)
        return 0
    try:
        shutil.copy2(args.hosts, args.hosts + ".depot.bak")
        with open(args.hosts, "w") as fh:
            fh.write(updated)
        os.chmod(args.hosts, 0o644)
    except PermissionError:
        LOG.error("need administrator rights to update %s", args.hosts)
        return 1
    LOG.info("hosts updated (%d entries)", len(entries))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
