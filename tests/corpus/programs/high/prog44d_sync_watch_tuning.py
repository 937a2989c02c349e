#!/usr/bin/env python3
"""Tune kernel limits so Syncthing can watch a large notes/dotfiles tree.

Counts directories under the synced folders, compares with
fs.inotify.max_user_watches, and raises the limit (plus max_user_instances)
at runtime through /proc/sys. With --persist the values are also written to a
sysctl drop-in so they survive a reboot.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("watchtune")
PROC = Path("/proc/sys")
DROPIN = Path("/etc/sysctl.d/90-syncthing-watches.conf")
KEYS = {
    "fs.inotify.max_user_watches": None,   # computed from the folder count
    "fs.inotify.max_user_instances": 512,
}


def key_path(key: str) -> Path:
    return PROC.joinpath(*key.split("."))


def read_key(key: str) -> int:
    return int(key_path(key).read_text().split()[0])


def write_key(key: str, value: int):
    with open(key_path(key), "w") as fh:
        fh.write(f"{value}\n")
    log.info("%s = %d", key, value)


def count_dirs(folders) -> int:
    total = 0
    for folder in folders:
        for _root, dirs, _files in os.walk(os.path.expanduser(folder)):
            dirs[:] = [d for d in dirs if d not in {".git", "node_modules", ".stversions"}]
            total += len(dirs) + 1
    return total


def plan(folders, headroom: float):
    wanted = dict(KEYS)
    dirs = count_dirs(folders)
    wanted["fs.inotify.max_user_watches"] = max(65536, int(dirs * headroom))
    log.info("%d directories to watch", dirs)
    changes = {}
    for key, value in wanted.items():
        current = read_key(key)
        if current < value:
            changes[key] = value
        else:
            log.info("%s already %d (>= %d)", key, current, value)
    return changes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folders", nargs="*", default=["~/Sync", "~/Notes", "~/dotfiles"])
    ap.add_argument("--headroom", type=float, default=2.0)
    ap.add_argument("--persist", action="store_true")
    ap.add_argument("--check", action="store_true", help="only report")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    changes = plan(args.folders, args.headroom)
    if not changes or args.check:
        for k, v in changes.items():
            print(f"would set {k} = {v}")
        return 0
    if os.geteuid() != 0:
        sys.exit("raising kernel limits requires root")
    for key, value in changes.items():
        write_key(key, value)
    if args.persist:
        lines = ["# written by sync_watch_tuning.py"] + [f"{k} = {v}" for k, v in changes.items()]
        DROPIN.write_text("\n".join(lines) + "\n")
        os.chmod(DROPIN, 0o644)
        log.info("persisted to %s", DROPIN)
    return 0


if __name__ == "__main__":
    sys.exit(main())
