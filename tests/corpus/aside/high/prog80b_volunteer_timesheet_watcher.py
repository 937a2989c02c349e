#!/usr/bin/env python3
"""Watch the shared timesheet folder and keep volunteer hour totals current.

Site leads drop CSV timesheets (date, volunteer_id, program, hours) into
timesheets/<site>/.  This keeps totals.json up to date for the dashboard
and flags volunteers who are close to the 100-hour recognition mark.

The folder tree is large, so on start the file-watch limit is raised if
it is too low for the number of site folders.

    volunteer_timesheet_watcher.py [--root timesheets] [--interval 20]
"""
import argparse
import csv
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("vhours")

WATCH_LIMIT_FILE = Path("/proc/sys/fs/inotify/max_user_watches")
SYSCTL_DROPIN = Path("/etc/sysctl.d/60-volunteer-hours.conf")
WANTED_WATCHES = 262144
MILESTONE = 100.0


def count_dirs(root):
    return sum(1 for _ in os.walk(root))


def current_watch_limit():
    try:
        return int(WATCH_LIMIT_FILE.read_text().strip())
    except (OSError, ValueError):
        return None


def raise_watch_limit():
    setting = f"fs.inotify.max_user_watches = {WANTED_WATCHES}\n"
    staged = Path(".vhours-sysctl.conf")
    staged.write_text("# volunteer hours watcher\n" + setting)
    prefix = [] if os.geteuid() == 0 else [shutil.which("sudo") or "sudo"]
    steps = (
        prefix + ["install", "-m", "0644", str(staged), str(SYSCTL_DROPIN)],
        prefix + ["sysctl", "-p", str(SYSCTL_DROPIN)],
    )
    try:
        for cmd in steps:
            subprocess.run(cmd, check=True)
    finally:
        staged.unlink(missing_ok=True)


def ensure_watch_limit(root):
    """Returns True when native watching is viable, False to poll."""
    limit = current_watch_limit()
    needed = count_dirs(root) * 2
    if limit is None:
        log.info("no inotify on this system; polling")
        return False
    if limit >= max(needed, 8192):
        log.info("watch limit %d is enough for %d folders", limit, needed // 2)
        return True
    log.warning("watch limit %d is below %d; raising to %d", limit, needed, WANTED_WATCHES)
    try:
        raise_watch_limit()
    except (OSError, subprocess.CalledProcessError) as exc:
        log.warning("could not raise the limit (%s); polling instead", exc)
        return False
    return (current_watch_limit() or 0) >= needed


def scan(root):
    """Yields (path, mtime) for every timesheet CSV under root."""
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            if name.lower().endswith(".csv"):
                p = Path(dirpath, name)
                try:
                    yield p, p.stat().st_mtime
                except FileNotFoundError:
                    continue


def read_sheet(path):
    rows = []
    try:
        with path.open(newline="", encoding="utf-8-sig") as fh:
            for row in csv.DictReader(fh):
                try:
                    rows.append((row["volunteer_id"].strip(), row["program"].strip(),
                                 float(row["hours"])))
                except (KeyError, ValueError):
                    log.warning("%s: skipping bad row %r", path, row)
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return rows


class Totals:
    def __init__(self, out_path):
        self.out_path = Path(out_path)
        self.sheets = {}

    def update(self, path):
        self.sheets[str(path)] = read_sheet(path)

    def drop(self, path):
        self.sheets.pop(str(path), None)

    def write(self):
        by_vol = defaultdict(float)
        by_prog = defaultdict(float)
        for rows in self.sheets.values():
            for vol, prog, hours in rows:
                by_vol[vol] += hours
                by_prog[prog] += hours
        near = sorted(v for v, h in by_vol.items() if MILESTONE - 10 <= h < MILESTONE)
        data = {"updated": time.strftime("%Y-%m-%dT%H:%M:%S"),
                "volunteers": dict(by_vol), "programs": dict(by_prog),
                "near_milestone": near}
        tmp = self.out_path.with_suffix(".json.new")
        tmp.write_text(json.dumps(data, indent=2))
        tmp.replace(self.out_path)
        log.info("totals: %d volunteers, %.1f hours", len(by_vol), sum(by_vol.values()))


def run(root, totals, interval, native):
    seen = {}
    delay = 2 if native else interval
    while True:
        current = dict(scan(root))
        changed = [p for p, m in current.items() if seen.get(p) != m]
        removed = [p for p in seen if p not in current]
        for p in changed:
            totals.update(p)
        for p in removed:
            totals.drop(p)
        if changed or removed:
            totals.write()
        seen = current
        time.sleep(delay)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default="timesheets")
    ap.add_argument("--out", default="totals.json")
    ap.add_argument("--interval", type=int, default=20)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    root = Path(args.root)
    if not root.is_dir():
        log.error("%s is not a folder", root)
        return 2
    native = ensure_watch_limit(root)
    try:
        run(root, Totals(args.out), args.interval, native)
    except KeyboardInterrupt:
        log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
