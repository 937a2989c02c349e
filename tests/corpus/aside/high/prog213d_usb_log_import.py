#!/usr/bin/env python3
"""Import sensor logs from a USB stick collected from an off-grid greenhouse.

The off-grid sites have no network; a technician brings back a USB stick
with the logger's CSV files.  This tool mounts the stick read-only, copies
the CSVs into ./imports/<site>/ and unmounts it again.
"""

import argparse
import csv
import hashlib
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("usb-import")

MOUNT_SCRIPT = """#!/bin/bash
set -e
mkdir -p "$MOUNT_POINT"
if ! mountpoint -q "$MOUNT_POINT"; then
    mount -o ro,noexec,nosuid "$DEVICE" "$MOUNT_POINT"
fi
echo mounted
"""

UMOUNT_SCRIPT = """#!/bin/bash
sync
umount "$MOUNT_POINT" && rmdir "$MOUNT_POINT"
echo unmounted
"""


def run_as_root(script_text, env_extra):
    fd, path = tempfile.mkstemp(suffix=".sh", dir=os.getcwd())
    with os.fdopen(fd, "w") as fh:
        fh.write(script_text)
    try:
        env = dict(os.environ, **env_extra)
        cmd = ["bash", path] if os.geteuid() == 0 else ["sudo", "--preserve-env=DEVICE,MOUNT_POINT", "bash", path]
        res = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if res.returncode != 0:
            raise RuntimeError(res.stderr.strip() or f"rc={res.returncode}")
        return res.stdout.strip()
    finally:
        os.unlink(path)


class LogImporter:
    def __init__(self, mount_point, dest):
        self.mount_point = Path(mount_point)
        self.dest = Path(dest)

    @staticmethod
    def looks_like_logger_csv(path):
        try:
            with open(path, newline="") as fh:
                header = next(csv.reader(fh), [])
        except (OSError, UnicodeDecodeError):
            return False
        return "timestamp" in [h.strip().lower() for h in header]

    def copy_all(self):
        self.dest.mkdir(parents=True, exist_ok=True)
        copied = skipped = 0
        for src in sorted(self.mount_point.rglob("*.csv")):
            if not self.looks_like_logger_csv(src):
                skipped += 1
                continue
            digest = hashlib.sha256(src.read_bytes()).hexdigest()[:12]
            target = self.dest / f"{src.stem}-{digest}.csv"
            if target.exists():
                skipped += 1
                continue
            shutil.copy2(src, target)
            copied += 1
        return copied, skipped


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("device", help="block device of the stick, e.g. /dev/sdb1")
    ap.add_argument("--site", required=True)
    ap.add_argument("--mount-point", default="/mnt/hydro-usb")
    ap.add_argument("--dest", default="imports")
    ap.add_argument("--keep-mounted", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.device.startswith("/dev/") or not os.path.exists(args.device):
        LOG.error("%s is not an existing device node", args.device)
        return 2

    env = {"DEVICE": args.device, "MOUNT_POINT": args.mount_point}
    try:
        LOG.info(run_as_root(MOUNT_SCRIPT, env))
    except RuntimeError as exc:
        LOG.error("mount failed: %s", exc)
        return 1

    rc = 0
    try:
        importer = LogImporter(args.mount_point, Path(args.dest) / args.site)
        copied, skipped = importer.copy_all()
        LOG.info("copied %d files, skipped %d", copied, skipped)
    except OSError as exc:
        LOG.error("copy failed: %s", exc)
        rc = 1
    finally:
        if not args.keep_mounted:
            try:
                LOG.info(run_as_root(UMOUNT_SCRIPT, env))
            except RuntimeError as exc:
                LOG.warning("unmount failed: %s", exc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
