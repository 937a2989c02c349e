#!/usr/bin/env python3
"""Pre-flight for the dev file-watcher: make sure the kernel's inotify
limits are large enough for a big monorepo, raising them if needed.

Counts directories in the workspace, compares with the current limits in
/proc/sys/fs/inotify and writes higher values there (root required).
"""
import argparse
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("inotify-preflight")

PROC_BASE = "/proc/sys/fs/inotify"
KNOBS = ("max_user_watches", "max_user_instances", "max_queued_events")
SKIP_DIRS = {".git", "node_modules", "__pycache__", ".venv", "dist", "build"}
HEADROOM = 4


def count_dirs(root: Path) -> int:
    total = 0
    for dirpath, dirnames, _ in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        total += 1
    return total


def read_knob(name: str) -> int:
    with open(os.path.join(PROC_BASE, name), "r", encoding="ascii") as fh:
        return int(fh.read().strip())


def write_knob(name: str, value: int) -> None:
    fd = os.open(os.path.join(PROC_BASE, name), os.O_WRONLY)
    try:
        os.write(fd, f"{value}\n".encode("ascii"))
    finally:
        os.close(fd)


def desired_values(dirs: int) -> dict:
    watches = max(524288, dirs * HEADROOM)
    return {
        "max_user_watches": watches,
        "max_user_instances": 1024,
        "max_queued_events": max(16384, watches // 8),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("workspace", nargs="?", default=".", type=Path)
    ap.add_argument("--apply", action="store_true", help="write the new limits")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    dirs = count_dirs(args.workspace)
    log.info("workspace %s has %d watchable directories", args.workspace, dirs)

    try:
        current = {k: read_knob(k) for k in KNOBS}
    except (OSError, ValueError) as exc:
        log.error("cannot read inotify limits: %s", exc)
        return 1

    wanted = desired_values(dirs)
    to_raise = {k: v for k, v in wanted.items() if current[k] < v}
    for k in KNOBS:
        marker = "->" if k in to_raise else "ok"
        log.info("%-20s %10d %s %s", k, current[k], marker, to_raise.get(k, ""))

    if not to_raise:
        return 0
    if not args.apply:
        log.warning("limits too low; re-run with --apply as root")
        return 3
    if os.geteuid() != 0:
        log.error("--apply needs root")
        return 2

    for knob, value in to_raise.items():
        try:
            write_knob(knob, value)
            log.info("set %s=%d", knob, value)
        except OSError as exc:
            log.error("failed to set %s: %s", knob, exc)
            return 1
    log.info("to keep this across reboots, add the values to a sysctl.d file")
    return 0


if __name__ == "__main__":
    sys.exit(main())
