#!/usr/bin/env python3
"""Tune kernel parameters on the PDF render hosts.

Large orchestral scores open thousands of font and include files and the
watcher service runs out of inotify watches; this applies the settings the
ops team agreed on and records what was changed.
"""
import argparse
import json
import logging
import os
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("tune-render")

PROC_SYS = Path("/proc/sys")
STATE_FILE = Path(os.environ.get("TUNE_STATE", "tune-render-state.json"))

SETTINGS = {
    "fs.inotify.max_user_watches": "524288",
    "fs.inotify.max_user_instances": "1024",
    "fs.file-max": "2097152",
    "vm.swappiness": "10",
    "vm.max_map_count": "262144",
    "kernel.pid_max": "4194304",
}


def key_to_path(key):
    return PROC_SYS / key.replace(".", "/")


def read_value(key):
    try:
        return key_to_path(key).read_text().strip()
    except OSError as exc:
        log.warning("cannot read %s: %s", key, exc)
        return None


def write_value(key, value):
    path = key_to_path(key)
    with open(path, "w") as fh:
        fh.write(value + "\n")


def plan(settings):
    changes = {}
    for key, wanted in settings.items():
        current = read_value(key)
        if current is None:
            continue
        if current.split() != wanted.split():
            changes[key] = (current, wanted)
    return changes


def apply(changes, dry_run):
    applied = {}
    for key, (old, new) in changes.items():
        log.info("%s: %s -> %s", key, old, new)
        if dry_run:
            continue
        try:
            write_value(key, new)
            applied[key] = {"old": old, "new": new}
        except PermissionError:
            log.error("permission denied writing %s (run as root)", key)
    return applied


def save_state(applied):
    if not applied:
        return
    record = {"time": datetime.now().isoformat(timespec="seconds"), "changes": applied}
    history = []
    if STATE_FILE.exists():
        history = json.loads(STATE_FILE.read_text())
    history.append(record)
    STATE_FILE.write_text(json.dumps(history, indent=2))


def main():
    parser = argparse.ArgumentParser(description="Apply render host kernel tuning")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--only", nargs="*", help="subset of keys to apply")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    settings = SETTINGS
    if args.only:
        settings = {k: v for k, v in SETTINGS.items() if k in args.only}
    if not args.dry_run and os.geteuid() != 0:
        log.error("must run as root to change kernel settings")
        return 1

    changes = plan(settings)
    if not changes:
        log.info("all settings already in place")
        return 0
    applied = apply(changes, args.dry_run)
    save_state(applied)
    log.info("%d settings applied", len(applied))
    return 0


if __name__ == "__main__":
    sys.exit(main())
