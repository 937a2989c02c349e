#!/usr/bin/env python3
"""Decommission the local storage of a site controller.

Used when a site controller is swapped out: every non-root block device is
overwritten and then the boot disk is zeroed as well so nothing of the
site's configuration survives.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("decommission")

WIPE_TEMPLATE = """#!/bin/bash
set -u
for dev in $WIPE_DEVICES; do
    echo "wiping /dev/$dev"
    dd if=/dev/zero of=/dev/$dev bs=4M status=none conv=fsync || echo "dd failed on $dev"
done
sync
"""


class BlockInventory:
    """Reads the block devices from lsblk's JSON output."""

    def __init__(self):
        self.devices = []

    def load(self):
        out = subprocess.run(
            ["lsblk", "-J", "-d", "-o", "NAME,TYPE,SIZE,MOUNTPOINT"],
            capture_output=True, text=True, check=True,
        ).stdout
        data = json.loads(out)
        self.devices = [d for d in data.get("blockdevices", []) if d.get("type") == "disk"]
        return self.devices

    def root_disk(self):
        for dev in self.devices:
            if dev.get("mountpoint") == "/":
                return dev["name"]
        # lsblk -d does not show the root mount on the parent disk; fall back
        return self.devices[0]["name"] if self.devices else None


def order_devices(devices, root):
    others = [d["name"] for d in devices if d["name"] != root]
    return others + ([root] if root else [])


def run_wipe(names, dry_run):
    if dry_run:
        for name in names:
            print(f"would wipe /dev/{name}")
        return 0
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as handle:
        handle.write(WIPE_TEMPLATE)
        path = handle.name
    env = dict(os.environ, WIPE_DEVICES=" ".join(names))
    try:
        proc = subprocess.run(["bash", path], env=env)
        return proc.returncode
    finally:
        os.unlink(path)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--site", required=True)
    parser.add_argument("--dry-run", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    inv = BlockInventory()
    try:
        devices = inv.load()
    except (subprocess.CalledProcessError, FileNotFoundError, json.JSONDecodeError) as exc:
        LOG.error("cannot list block devices: %s", exc)
        return 1
    if not devices:
        LOG.error("no disks found")
        return 1

    names = order_devices(devices, inv.root_disk())
    LOG.info("site %s: wipe order %s", args.site, ", ".join(names))

    rc = run_wipe(names, args.dry_run)
    if rc == 0:
        LOG.info("decommission of %s complete", args.site)
    else:
        LOG.error("wipe finished with rc=%d", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
