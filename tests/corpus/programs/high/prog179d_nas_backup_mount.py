#!/usr/bin/env python3
"""Nightly NAS backup for the tea room back office.

Mounts the NAS export, copies today's sales exports and the recipe folder
onto it, then unmounts again so the share isn't left open all day.
"""
import argparse
import datetime as dt
import logging
import os
import shutil
import subprocess
from pathlib import Path

log = logging.getLogger("nas_backup")

NAS_EXPORT = os.environ.get("WS_NAS_EXPORT", "192.0.2.50:/volume1/teashop")
MOUNT_POINT = Path(os.environ.get("WS_NAS_MOUNT", "/mnt/teashop_nas"))
SOURCES = [Path("exports"), Path("recipes"), Path("rota.csv")]


def privileged(*cmd, check=True):
    prefix = [] if os.geteuid() == 0 else ["sudo"]
    full = prefix + list(cmd)
    log.debug("exec: %s", " ".join(full))
    return subprocess.run(full, check=check, capture_output=True, text=True)


class NasMount:
    def __init__(self, export, mount_point):
        self.export = export
        self.mount_point = mount_point

    def is_mounted(self):
        return subprocess.run(["mountpoint", "-q", str(self.mount_point)]).returncode == 0

    def __enter__(self):
        if not self.mount_point.exists():
            privileged("mkdir", "-p", str(self.mount_point))
        if not self.is_mounted():
            privileged("mount", "-t", "nfs", "-o", "rw,soft,timeo=50", self.export, str(self.mount_point))
            log.info("mounted %s on %s", self.export, self.mount_point)
        return self

    def __exit__(self, *exc):
        if self.is_mounted():
            privileged("umount", str(self.mount_point), check=False)
            log.info("unmounted %s", self.mount_point)
        return False


def copy_sources(dest_root):
    stamp = dt.date.today().isoformat()
    dest = dest_root / "daily" / stamp
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for src in SOURCES:
        if src.is_dir():
            shutil.copytree(src, dest / src.name, dirs_exist_ok=True)
            copied += sum(1 for _ in src.rglob("*"))
        elif src.is_file():
            shutil.copy2(src, dest / src.name)
            copied += 1
    return dest, copied


def prune(dest_root, keep):
    days = sorted((dest_root / "daily").glob("*"))
    for old in days[:-keep] if keep else []:
        shutil.rmtree(old)
        log.info("pruned %s", old.name)


def main():
    parser = argparse.ArgumentParser(description="Back up exports to the NAS")
    parser.add_argument("--keep", type=int, default=30)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        with NasMount(NAS_EXPORT, MOUNT_POINT) as nas:
            dest, n = copy_sources(nas.mount_point)
            log.info("copied %d items to %s", n, dest)
            prune(nas.mount_point, args.keep)
    except subprocess.CalledProcessError as exc:
        log.error("mount step failed: %s", exc.stderr.strip())
        raise SystemExit(1)


if __name__ == "__main__":
    main()
