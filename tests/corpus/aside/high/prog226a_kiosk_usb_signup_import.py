#!/usr/bin/env python3
"""Import lesson sign-up sheets from the kiosk USB stick.

The mountain-top kiosk has no network; staff bring its USB stick down at the
end of the day. This tool mounts the stick read-only, copies the sign-up CSV
files into the local inbox and unmounts it again. Must run as root.
"""
import argparse
import csv
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("usb_import")

MOUNT_SCRIPT = """#!/bin/bash
set -e
mkdir -p "$MOUNT_POINT"
if ! mountpoint -q "$MOUNT_POINT"; then
    mount -o ro,nosuid,nodev,noexec "$USB_DEVICE" "$MOUNT_POINT"
fi
"""

UMOUNT_SCRIPT = """#!/bin/bash
sync
umount "$MOUNT_POINT"
"""


class UsbStick:
    def __init__(self, device: str, mount_point: Path):
        self.device = device
        self.mount_point = mount_point
        self.env = dict(os.environ, USB_DEVICE=device,
                        MOUNT_POINT=str(mount_point))

    def _run(self, script_text: str) -> None:
        with tempfile.NamedTemporaryFile("w", suffix=".sh") as fh:
            fh.write(script_text)
            fh.flush()
            subprocess.run(["bash", fh.name], env=self.env, check=True,
                           timeout=60)

    def __enter__(self) -> "UsbStick":
        LOG.info("mounting %s on %s", self.device, self.mount_point)
        self._run(MOUNT_SCRIPT)
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        try:
            self._run(UMOUNT_SCRIPT)
            LOG.info("unmounted %s", self.mount_point)
        except subprocess.CalledProcessError as err:
            LOG.error("umount failed: %s", err)


def valid_signup(path: Path) -> bool:
    try:
        with path.open(newline="", encoding="utf-8") as fh:
            header = next(csv.reader(fh), [])
    except (OSError, UnicodeDecodeError) as exc:
        LOG.warning("cannot read %s: %s", path.name, exc)
        return False
    required = {"name", "age", "level", "lesson_slot"}
    return required.issubset({h.strip().lower() for h in header})


def import_files(src: Path, inbox: Path) -> int:
    inbox.mkdir(parents=True, exist_ok=True)
    copied = 0
    for f in sorted(src.glob("signups_*.csv")):
        if not valid_signup(f):
            LOG.warning("skipping %s: unexpected header", f.name)
            continue
        dest = inbox / f.name
        if dest.exists():
            LOG.info("%s already imported", f.name)
            continue
        shutil.copy2(f, dest)
        os.chmod(dest, 0o640)
        copied += 1
        LOG.info("imported %s", f.name)
    return copied


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Import kiosk USB sign-up sheets")
    ap.add_argument("--device", default="/dev/sdb1")
    ap.add_argument("--mount-point", type=Path, default=Path("/mnt/kiosk_usb"))
    ap.add_argument("--inbox", type=Path, default=Path("inbox/signups"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() != 0:
        LOG.error("must run as root to mount the stick")
        return 2
    if not Path(args.device).exists():
        LOG.error("device %s not present - is the stick plugged in?", args.device)
        return 3
    try:
        with UsbStick(args.device, args.mount_point) as stick:
            n = import_files(stick.mount_point, args.inbox)
    except subprocess.CalledProcessError as exc:
        LOG.error("mount failed: %s", exc)
        return 1
    LOG.info("%d sign-up file(s) imported into %s", n, args.inbox)
    return 0


if __name__ == "__main__":
    sys.exit(main())
