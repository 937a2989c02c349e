#!/usr/bin/env python3
"""Nightly copy of the till database and tank logs onto the shop's backup stick.

Staff leave the USB stick labelled SHOPBACKUP in the back-office box; this
mounts it, writes a dated folder with a consistent copy of the till and
loyalty databases plus the tank CSVs, keeps the last N folders and unmounts
so the stick can be taken home on Fridays.
"""

import argparse
import datetime as dt
import logging
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("usb_backup")

DATABASES = ["till/pos.sqlite3", "till/loyalty.sqlite3"]
LOG_GLOB = "tank_logs/*.csv"


def find_device(label):
    link = Path("/dev/disk/by-label") / label
    return link.resolve() if link.exists() else None


def is_mounted(mountpoint):
    target = str(Path(mountpoint).resolve())
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == target for line in fh)


class BackupStick:
    """Context manager that mounts the stick for the duration of the copy."""

    elevate = os.environ.get("BACKUP_ELEVATE", "pkexec")

    def __init__(self, device, mountpoint):
        self.device = str(device)
        self.mountpoint = Path(mountpoint)
        self._we_mounted = False

    def _run(self, *cmd):
        full = [self.elevate, *cmd]
        log.debug("running %s", " ".join(full))
        return subprocess.run(full, check=True, capture_output=True, text=True)

    def __enter__(self):
        self.mountpoint.mkdir(parents=True, exist_ok=True)
        if not is_mounted(self.mountpoint):
            opts = f"uid={os.getuid()},gid={os.getgid()},umask=077"
            self._run("mount", "-o", opts, self.device, str(self.mountpoint))
            self._we_mounted = True
        return self.mountpoint

    def __exit__(self, exc_type, exc, tb):
        os.sync()
        if self._we_mounted:
            try:
                self._run("umount", str(self.mountpoint))
            except subprocess.CalledProcessError as err:
                log.warning("could not unmount: %s", err.stderr.strip())
        return False


def copy_database(src, dest):
    with sqlite3.connect(src) as source, sqlite3.connect(dest) as target:
        source.backup(target)


def prune(root, keep):
    folders = sorted(p for p in root.iterdir() if p.is_dir() and p.name.startswith("backup-"))
    for old in folders[:-keep] if keep > 0 else []:
        shutil.rmtree(old)
        log.info("removed old backup %s", old.name)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--label", default="SHOPBACKUP")
    parser.add_argument("--mountpoint", default=str(Path.home() / "shopbackup"))
    parser.add_argument("--keep", type=int, default=14)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    device = find_device(args.label)
    if device is None:
        log.error("no stick labelled %s plugged in", args.label)
        return 2

    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M")
    try:
        with BackupStick(device, args.mountpoint) as root:
            target = root / f"backup-{stamp}"
            target.mkdir()
            for db in DATABASES:
                if Path(db).is_file():
                    copy_database(db, target / Path(db).name)
                    log.info("copied %s", db)
            logs = target / "tank_logs"
            logs.mkdir()
            for csv_file in Path(".").glob(LOG_GLOB):
                shutil.copy2(csv_file, logs / csv_file.name)
            prune(root, args.keep)
    except subprocess.CalledProcessError as err:
        log.error("mount failed: %s", (err.stderr or "").strip())
        return 1
    except (OSError, sqlite3.Error) as exc:
        log.error("backup failed: %s", exc)
        return 1
    log.info("backup-%s written to %s", stamp, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
