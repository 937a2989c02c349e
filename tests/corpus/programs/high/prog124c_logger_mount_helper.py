#!/usr/bin/env python3
"""Offload a station datalogger's CF/USB card to the field archive.

Field techs bring back the logger cards from stations without telemetry.
This helper finds the card by its volume label (``WXLOG*``), mounts it
read-only, copies the ``.dat`` TOA5 tables into ``archive/<station>/`` with
a date stamp, verifies sizes and unmounts the card again.
"""

import argparse
import glob
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("logger-offload")

LABEL_GLOB = "/dev/disk/by-label/WXLOG*"
MOUNT_BASE = Path("/mnt/wxlog")


class CardMount:
    """Context manager that mounts a card read-only and unmounts it again."""

    def __init__(self, device, mountpoint, fstype="vfat"):
        self.device = device
        self.mountpoint = Path(mountpoint)
        self.fstype = fstype

    def _priv(self, *cmd):
        full = ["sudo", "-n", *cmd] if os.geteuid() != 0 else list(cmd)
        LOG.debug("running %s", " ".join(full))
        return subprocess.run(full, check=True, capture_output=True, text=True)

    def __enter__(self):
        self._priv("mkdir", "-p", str(self.mountpoint))
        opts = f"ro,noexec,nosuid,uid={os.getuid()},gid={os.getgid()}"
        self._priv("mount", "-t", self.fstype, "-o", opts, self.device, str(self.mountpoint))
        return self.mountpoint

    def __exit__(self, *exc):
        for attempt in range(3):
            try:
                self._priv("umount", str(self.mountpoint))
                return False
            except subprocess.CalledProcessError as err:
                LOG.warning("umount busy (%s), retrying", err.stderr.strip())
                time.sleep(2)
        LOG.error("could not unmount %s", self.mountpoint)
        return False


def find_cards():
    cards = []
    for link in sorted(glob.glob(LABEL_GLOB)):
        dev = os.path.realpath(link)
        label = os.path.basename(link)
        cards.append((label, dev))
    return cards


def station_of(label):
    # labels look like WXLOG_ST017
    return label.split("_", 1)[1] if "_" in label else label


def copy_tables(src_root: Path, dest_root: Path):
    stamp = time.strftime("%Y%m%d")
    copied = 0
    for src in sorted(src_root.rglob("*.dat")):
        dest = dest_root / f"{src.stem}_{stamp}{src.suffix}"
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dest)
        if dest.stat().st_size != src.stat().st_size:
            raise IOError(f"size mismatch copying {src}")
        copied += 1
        LOG.debug("copied %s -> %s", src, dest)
    return copied


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--archive", type=Path, default=Path("archive"))
    ap.add_argument("--device", help="override: block device to mount")
    ap.add_argument("--station", help="station id when --device is used")
    ap.add_argument("--fstype", default="vfat")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if args.device:
        cards = [(f"WXLOG_{args.station or 'UNKNOWN'}", args.device)]
    else:
        cards = find_cards()
    if not cards:
        LOG.error("no logger card found (looked for %s)", LABEL_GLOB)
        return 1

    rc = 0
    for label, dev in cards:
        station = station_of(label)
        mnt = MOUNT_BASE / station
        try:
            with CardMount(dev, mnt, args.fstype) as root:
                n = copy_tables(root, args.archive / station)
            LOG.info("%s (%s): %d tables archived", station, dev, n)
        except subprocess.CalledProcessError as err:
            LOG.error("%s: %s failed: %s", station, err.cmd[1:3], err.stderr.strip())
            rc = 1
        except OSError as err:
            LOG.error("%s: %s", station, err)
            rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
