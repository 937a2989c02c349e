#!/usr/bin/env python3
"""Import hirers' slideshows and posters from a USB stick.

The caretaker plugs the stick into the hall PC; this mounts it read-only,
copies presentation and image files into the working folder and unmounts.
"""
import argparse
import logging
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("usb_import")

MOUNT_POINT = "/mnt/hall_usb"
WANTED = {".pdf", ".pptx", ".odp", ".jpg", ".jpeg", ".png", ".mp4"}


def removable_partitions():
    found = []
    for dev in sorted(Path("/sys/block").glob("sd*")):
        try:
            if (dev / "removable").read_text().strip() != "1":
                continue
        except OSError:
            continue
        for part in sorted(dev.glob(f"{dev.name}[0-9]*")):
            found.append(f"/dev/{part.name}")
    return found


def sh(cmd, check=True):
    LOG.debug("+ %s", cmd)
    proc = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True)
    if check and proc.returncode != 0:
        raise RuntimeError(f"{cmd!r} failed: {proc.stderr.strip()}")
    return proc


class StickSession:
    def __init__(self, device, mount_point):
        self.device = device
        self.mount_point = mount_point

    def __enter__(self):
        q_dev, q_mnt = shlex.quote(self.device), shlex.quote(self.mount_point)
        sh(f"sudo mkdir -p {q_mnt}")
        sh(f"sudo mount -o ro,nosuid,nodev,uid=$(id -u) {q_dev} {q_mnt}")
        LOG.info("mounted %s on %s", self.device, self.mount_point)
        return Path(self.mount_point)

    def __exit__(self, *exc):
        sh(f"sync; sudo umount {shlex.quote(self.mount_point)}", check=False)
        LOG.info("unmounted %s", self.device)
        return False


def copy_files(src: Path, dest: Path):
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for root, _, files in os.walk(src):
        for name in files:
            path = Path(root) / name
            if path.suffix.lower() not in WANTED:
                continue
            target = dest / name
            if target.exists() and target.stat().st_size == path.stat().st_size:
                continue
            try:
                shutil.copy2(path, target)
                copied += 1
            except OSError as exc:
                LOG.warning("could not copy %s: %s", path, exc)
    return copied


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--device", help="partition to mount, e.g. /dev/sdb1")
    p.add_argument("--dest", default="imported")
    p.add_argument("--mount-point", default=MOUNT_POINT)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    device = args.device
    if not device:
        parts = removable_partitions()
        if not parts:
            LOG.error("no USB stick found")
            return 1
        device = parts[0]
        LOG.info("using %s", device)
    try:
        with StickSession(device, args.mount_point) as root:
            count = copy_files(root, Path(args.dest))
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("copied %d file(s) into %s", count, args.dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
