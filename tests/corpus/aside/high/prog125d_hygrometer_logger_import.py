#!/usr/bin/env python3
"""Import readings from the USB temperature/humidity data loggers.

The cheap loggers we leave on each curing shelf (Elitech RC-5 style) show up
as a small FAT volume holding a CSV export.  The curing-room PC runs headless
with no automounter, so this finds the logger by its volume label, mounts it
read-only, copies the export and merges the readings into curing_history.csv
tagged with the shelf the logger belongs to.
"""
import argparse
import csv
import json
import logging
import os
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("loggerimport")

LABELS = ("ELITECH", "RC-5", "TEMPLOG")
MOUNT_POINT = Path("./logger_mnt")
HISTORY = Path("curing_history.csv")


def find_logger():
    out = subprocess.run(["lsblk", "-J", "-o", "NAME,LABEL,FSTYPE,MOUNTPOINT,SERIAL"],
                         capture_output=True, text=True, check=True).stdout
    stack = list(json.loads(out)["blockdevices"])
    while stack:
        dev = stack.pop()
        stack.extend(dev.get("children", []))
        label = (dev.get("label") or "").upper()
        if dev.get("fstype") == "vfat" and any(label.startswith(l) for l in LABELS):
            return f"/dev/{dev['name']}", dev
    return None, None


def priv(cmd):
    """Run a mount helper with root rights; the kiosk user has a sudoers entry."""
    full = ["sudo", "-n"] + cmd
    log.debug("running %s", " ".join(full))
    return subprocess.run(full, capture_output=True, text=True)


def mount_ro(device):
    MOUNT_POINT.mkdir(exist_ok=True)
    opts = f"ro,uid={os.getuid()},gid={os.getgid()},umask=077"
    res = priv(["mount", "-t", "vfat", "-o", opts, device, str(MOUNT_POINT.resolve())])
    if res.returncode != 0:
        raise RuntimeError(f"mount failed: {res.stderr.strip()}")


def unmount():
    res = priv(["umount", str(MOUNT_POINT.resolve())])
    if res.returncode != 0:
        log.warning("umount: %s", res.stderr.strip())


def parse_export(path):
    with path.open(encoding="utf-8-sig", errors="replace") as fh:
        for row in csv.reader(fh):
            if len(row) < 3:
                continue
            try:
                ts = datetime.strptime(row[0].strip(), "%Y-%m-%d %H:%M:%S")
                yield ts, float(row[1]), float(row[2])
            except ValueError:
                continue  # header lines and device info block


def known_keys():
    if not HISTORY.exists():
        return set()
    with HISTORY.open(newline="") as fh:
        return {(r["shelf"], r["timestamp"]) for r in csv.DictReader(fh)}


def merge(shelf, readings):
    seen = known_keys()
    new = [(ts, t, rh) for ts, t, rh in readings if (shelf, ts.isoformat()) not in seen]
    write_header = not HISTORY.exists()
    with HISTORY.open("a", newline="") as fh:
        w = csv.writer(fh)
        if write_header:
            w.writerow(["shelf", "timestamp", "temp_c", "rh"])
        for ts, t, rh in sorted(new):
            w.writerow([shelf, ts.isoformat(), t, rh])
    return len(new)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--shelves", type=Path, default=Path("shelves.json"),
                    help="map of logger serial -> shelf name")
    ap.add_argument("--device", help="block device, skips auto-detection")
    ap.add_argument("--keep-copy", action="store_true", help="keep raw export in ./exports")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    shelves = json.loads(args.shelves.read_text()) if args.shelves.exists() else {}
    device, info = (args.device, {}) if args.device else find_logger()
    if not device:
        log.error("no data logger found; plug one in or pass --device")
        return 1
    shelf = shelves.get((info or {}).get("serial") or "", Path(device).name)
    log.info("logger %s -> shelf %s", device, shelf)

    try:
        mount_ro(device)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    try:
        exports = sorted(MOUNT_POINT.glob("*.csv")) + sorted(MOUNT_POINT.glob("*.CSV"))
        total = 0
        for exp in exports:
            if args.keep_copy:
                dest = Path("exports") / f"{shelf}_{exp.name}"
                dest.parent.mkdir(exist_ok=True)
                shutil.copy2(exp, dest)
            total += merge(shelf, parse_export(exp))
        log.info("%d new readings from %d export(s)", total, len(exports))
    finally:
        unmount()
    return 0


if __name__ == "__main__":
    sys.exit(main())
