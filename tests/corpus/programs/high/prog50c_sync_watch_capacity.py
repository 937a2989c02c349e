#!/usr/bin/env python3
"""Check (and raise) the inotify watch limit for the sync-on-save daemon.

The watcher registers one inotify watch per directory.  Large monorepos
exceed the distribution default of 8192 and then silently miss changes, so
before starting we count directories in the workspace and, if allowed, bump
fs.inotify.max_user_watches for the running kernel.
"""
import argparse
import fnmatch
import logging
import os
import sys

LIMIT_FILE = "/proc/sys/fs/inotify/max_user_watches"
INSTANCES_FILE = "/proc/sys/fs/inotify/max_user_instances"
SKIP = (".git", "node_modules", ".venv", "__pycache__", "target", "dist")

log = logging.getLogger("watch-capacity")


def read_int(path):
    with open(path) as fh:
        return int(fh.read().strip())


def write_int(path, value):
    with open(path, "w") as fh:
        fh.write(f"{value}\n")


def count_dirs(root, extra_skip):
    skip = SKIP + tuple(extra_skip)
    total = 0
    for _dirpath, dirnames, _files in os.walk(root):
        dirnames[:] = [d for d in dirnames
                       if not any(fnmatch.fnmatch(d, pat) for pat in skip)]
        total += 1
    return total


def round_up(n, step=65536):
    return ((n + step - 1) // step) * step


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("workspace", nargs="?", default=".")
    ap.add_argument("--headroom", type=float, default=2.0,
                    help="multiplier for other watchers sharing the limit")
    ap.add_argument("--exclude", action="append", default=[])
    ap.add_argument("--apply", action="store_true",
                    help="write the new limit (requires root)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    try:
        current = read_int(LIMIT_FILE)
        instances = read_int(INSTANCES_FILE)
    except (OSError, ValueError) as exc:
        log.error("inotify limits unavailable: %s", exc)
        return 1

    dirs = count_dirs(args.workspace, args.exclude)
    wanted = round_up(int(dirs * args.headroom))
    log.info("workspace dirs: %d, watches wanted: %d, current limit: %d, "
             "instances: %d", dirs, wanted, current, instances)

    if wanted <= current:
        log.info("limit is sufficient")
        return 0
    if not args.apply:
        log.warning("limit too low; rerun with --apply as root")
        return 3
    if os.geteuid() != 0:
        log.error("--apply needs root (euid=%d)", os.geteuid())
        return 4
    try:
        write_int(LIMIT_FILE, wanted)
        if instances < 512:
            write_int(INSTANCES_FILE, 512)
    except OSError as exc:
        log.error("could not raise limit: %s", exc)
        return 1
    log.info("max_user_watches raised %d -> %d", current, read_int(LIMIT_FILE))
    return 0


if __name__ == "__main__":
    sys.exit(main())
