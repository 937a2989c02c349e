#!/usr/bin/env python3
"""Import emissions readings from the exhaust gas analyser's USB stick.

The analyser writes one CSV per test. This mounts the stick, copies new
readings into ./readings and appends them to the job history file.
"""
import argparse
import csv
import logging
import os
import shutil
import subprocess
from pathlib import Path

log = logging.getLogger("gas_import")

MOUNT_POINT = Path(os.environ.get("ANALYSER_MOUNT", "/mnt/gas-analyser"))
DEFAULT_DEVICE = os.environ.get("ANALYSER_DEVICE", "/dev/disk/by-label/GASCHECK")
READINGS_DIR = Path("readings")
HISTORY = Path("emissions_history.csv")
FIELDS = ["test_id", "registration", "co_pct", "hc_ppm", "lambda", "rpm", "result"]


def privileged(cmd):
    full = ["sudo", "-n"] + cmd
    log.debug("running %s", " ".join(full))
    return subprocess.run(full, check=True, capture_output=True, text=True)


def mount_stick(device):
    if os.path.ismount(MOUNT_POINT):
        log.info("%s already mounted", MOUNT_POINT)
        return False
    privileged(["mkdir", "-p", str(MOUNT_POINT)])
    privileged(["mount", "-o", "ro,uid=%d" % os.getuid(), device, str(MOUNT_POINT)])
    log.info("mounted %s on %s", device, MOUNT_POINT)
    return True


def unmount_stick():
    privileged(["umount", str(MOUNT_POINT)])
    log.info("unmounted %s", MOUNT_POINT)


def new_files():
    READINGS_DIR.mkdir(exist_ok=True)
    for src in sorted(MOUNT_POINT.glob("*.csv")):
        dest = READINGS_DIR / src.name
        if not dest.exists():
            yield src, dest


def parse_reading(path):
    with path.open(newline="") as fh:
        reader = csv.DictReader(fh)
        for row in reader:
            yield {key: row.get(key, "") for key in FIELDS}


def append_history(rows):
    is_new = not HISTORY.exists()
    with HISTORY.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        if is_new:
            writer.writeheader()
        for row in rows:
            writer.writerow(row)


def import_readings():
    imported = 0
    for src, dest in new_files():
        shutil.copy2(src, dest)
        rows = list(parse_reading(dest))
        append_history(rows)
        fails = sum(1 for r in rows if r["result"].upper() == "FAIL")
        log.info("imported %s (%d rows, %d fails)", src.name, len(rows), fails)
        imported += 1
    return imported


def main():
    parser = argparse.ArgumentParser(description="Import gas analyser readings")
    parser.add_argument("--device", default=DEFAULT_DEVICE)
    parser.add_argument("--keep-mounted", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    mounted_here = mount_stick(args.device)
    try:
        count = import_readings()
        print("Imported %d reading file(s)" % count)
    finally:
        if mounted_here and not args.keep_mounted:
            unmount_stick()


if __name__ == "__main__":
    main()
