#!/usr/bin/env python3
"""Loads chart updates from the hydrographic office USB stick.

Mounts the stick read-only, copies the chart cells into the local chart
store in the working directory, verifies them and unmounts again.
"""

import argparse
import hashlib
import logging
import os
import shutil
import subprocess
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("chart_media")

LABEL = os.environ.get("CHART_MEDIA_LABEL", "ENC_UPDATE")
MOUNT_POINT = Path(os.environ.get("CHART_MOUNT", "/mnt/chart_media"))
STORE = Path(os.environ.get("CHART_STORE", "./chart_store"))


def elevated(cmd):
    prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
    return prefix + list(cmd)


def run(cmd, check=True):
    full = elevated(cmd)
    log.debug("exec %s", " ".join(full))
    return subprocess.run(full, check=check, capture_output=True, text=True)


def find_device(label):
    link = Path("/dev/disk/by-label") / label
    if link.exists():
        return str(link.resolve())
    out = subprocess.run(["blkid", "-L", label], capture_output=True, text=True)
    dev = out.stdout.strip()
    return dev or None


@contextmanager
def mounted(device, mount_point):
    run(["mkdir", "-p", str(mount_point)])
    run(["mount", "-o", "ro,nosuid,nodev,noexec", device, str(mount_point)])
    log.info("mounted %s on %s", device, mount_point)
    try:
        yield mount_point
    finally:
        run(["umount", str(mount_point)], check=False)
        log.info("unmounted %s", mount_point)


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def read_catalogue(root):
    cat = {}
    listing = root / "CATALOG.sha256"
    if not listing.exists():
        return cat
    for line in listing.read_text().splitlines():
        parts = line.split()
        if len(parts) == 2:
            cat[parts[1]] = parts[0]
    return cat


def copy_cells(src_root, store):
    store.mkdir(parents=True, exist_ok=True)
    catalogue = read_catalogue(src_root)
    copied, bad = 0, []
    for cell in sorted(src_root.rglob("*.000")):
        rel = cell.relative_to(src_root)
        expected = catalogue.get(str(rel))
        if expected and sha256(cell) != expected:
            bad.append(str(rel))
            continue
        dest = store / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(cell, dest)
        copied += 1
    return copied, bad


def main():
    parser = argparse.ArgumentParser(description="load chart updates from USB")
    parser.add_argument("--device", help="block device; found by label if omitted")
    parser.add_argument("--label", default=LABEL)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    device = args.device or find_device(args.label)
    if not device:
        log.error("no media with label %s", args.label)
        return 1

    with mounted(device, MOUNT_POINT) as root:
        copied, bad = copy_cells(root, STORE)

    log.info("copied %d chart cells into %s", copied, STORE)
    for rel in bad:
        log.warning("checksum mismatch, skipped %s", rel)
    return 0 if not bad else 3


if __name__ == "__main__":
    raise SystemExit(main())
