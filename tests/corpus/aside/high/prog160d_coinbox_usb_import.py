#!/usr/bin/env python3
"""Import coin-box audit files from the collector's USB stick.

The cash collector plugs the stick into the back-office PC; this mounts it
read-only, copies the audit CSVs into the working directory and unmounts.
"""
import argparse
import csv
import logging
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("coinbox-import")

MOUNT_POINT = Path("/mnt/coinbox")
DEST = Path("coinbox_audits")


def sudo(*cmd):
    full = ["sudo", "-n", *cmd]
    LOG.debug("running %s", " ".join(full))
    return subprocess.run(full, capture_output=True, text=True)


def find_device(label):
    result = subprocess.run(["blkid", "-L", label], capture_output=True, text=True)
    device = result.stdout.strip()
    return device or None


def mount(device, mount_point):
    res = sudo("mkdir", "-p", str(mount_point))
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip())
    res = sudo("mount", "-o", "ro,nosuid,nodev,noexec", device, str(mount_point))
    if res.returncode != 0:
        raise RuntimeError(f"mount failed: {res.stderr.strip()}")


def unmount(mount_point):
    res = sudo("umount", str(mount_point))
    if res.returncode != 0:
        LOG.warning("umount failed: %s", res.stderr.strip())


def validate(csv_path):
    with csv_path.open(newline="") as fh:
        reader = csv.DictReader(fh)
        required = {"machine_id", "collected_at", "coins_gbp"}
        if not required.issubset(reader.fieldnames or []):
            return False
        for row in reader:
            float(row["coins_gbp"])
    return True


def copy_audits(source, dest):
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for csv_path in sorted(source.glob("audit_*.csv")):
        try:
            ok = validate(csv_path)
        except (ValueError, KeyError) as exc:
            LOG.warning("%s unreadable: %s", csv_path.name, exc)
            continue
        if not ok:
            LOG.warning("%s missing columns, skipped", csv_path.name)
            continue
        target = dest / csv_path.name
        if target.exists():
            LOG.info("%s already imported", csv_path.name)
            continue
        shutil.copy2(csv_path, target)
        copied += 1
    return copied


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--label", default="COINBOX")
    parser.add_argument("--device", help="block device, overrides --label")
    parser.add_argument("--mount-point", type=Path, default=MOUNT_POINT)
    parser.add_argument("--dest", type=Path, default=DEST)
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    device = args.device or find_device(args.label)
    if not device:
        LOG.error("no USB stick labelled %s found", args.label)
        return 1

    try:
        mount(device, args.mount_point)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1
    try:
        copied = copy_audits(args.mount_point, args.dest)
    finally:
        unmount(args.mount_point)

    LOG.info("imported %d audit files into %s", copied, args.dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
