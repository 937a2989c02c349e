#!/usr/bin/env python3
"""Import recipe cards from the head baker's USB stick.

The stick carries a RECIPES folder of .json cards exported from the
development kitchen laptop.  The tool finds the first removable partition,
mounts it read-only, copies new or changed cards into ./recipe_cards and
unmounts again, so the stick can go straight back in the baker's apron.
"""
import argparse
import hashlib
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("usbimport")

SYS_BLOCK = Path("/sys/block")


def removable_partitions():
    """Yield /dev paths of partitions on removable drives, via sysfs."""
    for dev in sorted(SYS_BLOCK.iterdir()):
        try:
            if (dev / "removable").read_text().strip() != "1":
                continue
        except OSError:
            continue
        parts = sorted(p.name for p in dev.iterdir() if p.name.startswith(dev.name))
        for part in parts or [dev.name]:
            yield f"/dev/{part}"


class StickMount:
    """Context manager that mounts a partition read-only and unmounts it."""

    elevate = ["pkexec"]

    def __init__(self, device, mountpoint):
        self.device = device
        self.mountpoint = Path(mountpoint)

    def _run(self, *cmd):
        full = self.elevate + list(cmd)
        log.debug("running %s", " ".join(full))
        subprocess.run(full, check=True, timeout=60)

    def __enter__(self):
        self.mountpoint.mkdir(parents=True, exist_ok=True)
        self._run("mount", "-o", "ro,nosuid,nodev,uid=%d" % Path.cwd().stat().st_uid,
                  self.device, str(self.mountpoint))
        return self.mountpoint

    def __exit__(self, *exc):
        try:
            self._run("umount", str(self.mountpoint))
        except subprocess.CalledProcessError as err:
            log.warning("could not unmount %s: %s", self.mountpoint, err)
        return False


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def copy_cards(src, dest):
    dest.mkdir(exist_ok=True)
    new = changed = 0
    for card in sorted(src.glob("*.json")):
        target = dest / card.name
        if target.exists():
            if digest(target) == digest(card):
                continue
            changed += 1
        else:
            new += 1
        shutil.copy2(card, target)
        log.info("imported %s", card.name)
    return new, changed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", help="partition to use instead of auto-detect")
    ap.add_argument("--mountpoint", default="usb_stick")
    ap.add_argument("--dest", default="recipe_cards")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    device = args.device or next(removable_partitions(), None)
    if not device:
        log.error("no removable drive found - is the stick plugged in?")
        return 1
    log.info("using %s", device)
    try:
        with StickMount(device, args.mountpoint) as root:
            folder = root / "RECIPES"
            if not folder.is_dir():
                log.error("no RECIPES folder on the stick")
                return 1
            new, changed = copy_cards(folder, Path(args.dest))
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as err:
        log.error("mount failed: %s", err)
        return 1
    log.info("%d new, %d updated recipe cards", new, changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
