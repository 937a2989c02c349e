#!/usr/bin/env python3
"""Tune kernel writeback and read-ahead for the nightly backup window.

Before the backup starts the current values are saved to
./state/tuning.json; `--restore` puts them back afterwards.
"""
import argparse
import glob
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("backup_tuning")

STATE_FILE = Path("state/tuning.json")

# (path pattern, value during backup)
PROFILE = [
    ("/proc/sys/vm/dirty_background_ratio", "5"),
    ("/proc/sys/vm/dirty_ratio", "15"),
    ("/proc/sys/vm/vfs_cache_pressure", "200"),
    ("/sys/block/{dev}/queue/read_ahead_kb", "4096"),
    ("/sys/block/{dev}/queue/nr_requests", "256"),
]


def block_devices(pattern):
    devs = [Path(p).name for p in glob.glob("/sys/block/" + pattern)]
    return [d for d in devs if not d.startswith(("loop", "ram", "zram"))]


def expand(devices):
    for pattern, value in PROFILE:
        if "{dev}" in pattern:
            for dev in devices:
                yield pattern.format(dev=dev), value
        else:
            yield pattern, value


def read_knob(path):
    with open(path, "r") as fh:
        return fh.read().strip()


def write_knob(path, value):
    fd = os.open(path, os.O_WRONLY)
    try:
        os.write(fd, value.encode() + b"\n")
    finally:
        os.close(fd)


def apply(devices, dry_run):
    saved = {}
    for path, value in expand(devices):
        try:
            saved[path] = read_knob(path)
        except OSError as exc:
            log.warning("cannot read %s: %s", path, exc)
            continue
        log.info("%s: %s -> %s", path, saved[path], value)
        if not dry_run:
            write_knob(path, value)
    STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
    STATE_FILE.write_text(json.dumps(saved, indent=2))


def restore(dry_run):
    if not STATE_FILE.exists():
        log.error("no saved state in %s", STATE_FILE)
        return 1
    saved = json.loads(STATE_FILE.read_text())
    for path, value in saved.items():
        log.info("restore %s = %s", path, value)
        if not dry_run:
            try:
                write_knob(path, value)
            except OSError as exc:
                log.error("restore failed for %s: %s", path, exc)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--restore", action="store_true")
    ap.add_argument("--devices", default="sd*", help="glob under /sys/block")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root to change kernel tunables")
        return 2
    if args.restore:
        return restore(args.dry_run)
    apply(block_devices(args.devices), args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
