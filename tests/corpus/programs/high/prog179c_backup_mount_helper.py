#!/usr/bin/env python3
"""Nightly backup of the POS database and ticket photos to the shop NAS.

Mounts the NAS export, copies today's files into a dated folder, prunes
old folders and unmounts again so the share isn't left attached.
"""
import argparse
import datetime as dt
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("nasbackup")

NAS_EXPORT = os.environ.get("NAS_EXPORT", "198.51.100.20:/volume1/shop-backups")
MOUNT_POINT = Path(os.environ.get("NAS_MOUNT", "/mnt/shop-backups"))
SOURCES = [
    Path(os.environ.get("POS_DB", "~/cleanpos/data/pos.sqlite")).expanduser(),
    Path(os.environ.get("TICKET_PHOTOS", "~/cleanpos/photos")).expanduser(),
]
KEEP = int(os.environ.get("BACKUP_KEEP", "14"))


def _priv(*argv):
    cmd = list(argv) if os.geteuid() == 0 else ["sudo", "-n", *argv]
    log.debug("exec %s", " ".join(cmd))
    return subprocess.run(cmd, check=True)


class NasMount:
    def __init__(self, export, mount_point):
        self.export, self.mount_point = export, mount_point

    def __enter__(self):
        _priv("mkdir", "-p", str(self.mount_point))
        if not os.path.ismount(self.mount_point):
            _priv("mount", "-t", "nfs", "-o", "rw,soft,timeo=50", self.export, str(self.mount_point))
            log.info("mounted %s", self.export)
        return self.mount_point

    def __exit__(self, *exc):
        try:
            _priv("umount", str(self.mount_point))
            log.info("unmounted %s", self.mount_point)
        except subprocess.CalledProcessError as e:
            log.warning("umount failed: %s", e)
        return False


def copy_sources(dest):
    dest.mkdir(parents=True, exist_ok=True)
    for src in SOURCES:
        if not src.exists():
            log.warning("missing source %s", src)
            continue
        target = dest / src.name
        if src.is_dir():
            shutil.copytree(src, target, dirs_exist_ok=True)
        else:
            shutil.copy2(src, target)
        log.info("copied %s", src)


def prune(root, keep):
    dated = sorted(p for p in root.iterdir() if p.is_dir() and p.name[:4].isdigit())
    for old in dated[:-keep] if len(dated) > keep else []:
        shutil.rmtree(old)
        log.info("pruned %s", old.name)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--keep", type=int, default=KEEP)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    stamp = dt.date.today().isoformat()
    try:
        with NasMount(NAS_EXPORT, MOUNT_POINT) as root:
            copy_sources(root / stamp)
            prune(root, args.keep)
    except subprocess.CalledProcessError as e:
        log.error("backup failed: %s", e)
        sys.exit(1)
    log.info("backup %s complete", stamp)


if __name__ == "__main__":
    main()
