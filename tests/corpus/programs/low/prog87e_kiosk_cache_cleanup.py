#!/usr/bin/env python3
"""Clean up the front-desk check-in kiosk between shifts.

At the end of each shift (or when a host taps "reset" on the admin screen)
this clears the check-in app's session exports and caches and closes the
kiosk browser's saved session, so the next host starts from a clean
screen.

Steps can be switched off in kiosk_cleanup.ini:

    [steps]
    app-cache = yes
    browser-session = yes
"""

import argparse
import configparser
import logging
import shutil
import sys
import time
from pathlib import Path

LOG = logging.getLogger("kiosk-cleanup")


class Step:
    name = "step"

    def __init__(self, cfg):
        self.cfg = cfg

    def enabled(self):
        return self.cfg.getboolean("steps", self.name, fallback=True)

    def run(self, dry_run):
        raise NotImplementedError


class AppCacheStep(Step):
    """Check-in app caches and the CSV exports the hosts make during a shift."""

    name = "app-cache"
    DIRS = ("cache", "build", "session_exports", ".pytest_cache")

    def run(self, dry_run):
        removed = 0
        for rel in self.DIRS:
            path = Path.cwd() / rel
            if path.is_dir():
                if not dry_run:
                    shutil.rmtree(path)
                removed += 1
        return f"{removed} directories"


class BrowserSessionStep(Step):
    """The kiosk browser runs with --user-data-dir=./chromium-profile."""

    name = "browser-session"
    FILES = ("Current Session", "Current Tabs", "Last Session", "Last Tabs",
             "Sessions", "Visited Links")

    def run(self, dry_run):
        profile = Path(self.cfg.get("kiosk", "browser_profile",
                                    fallback="chromium-profile/Default"))
        if not profile.is_absolute():
            profile = Path.cwd() / profile
        removed = 0
        for name in self.FILES:
            target = profile / name
            if target.is_dir():
                if not dry_run:
                    shutil.rmtree(target)
                removed += 1
            elif target.exists():
                if not dry_run:
                    target.unlink()
                removed += 1
        return f"{removed} session files"


STEPS = (AppCacheStep, BrowserSessionStep)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Clean up the check-in kiosk between shifts")
    ap.add_argument("-c", "--config", default="kiosk_cleanup.ini")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("--only", choices=[s.name for s in STEPS], action="append")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = configparser.ConfigParser()
    cfg.read(args.config)

    failures = 0
    started = time.monotonic()
    for cls in STEPS:
        step = cls(cfg)
        if args.only and step.name not in args.only:
            continue
        if not step.enabled():
            LOG.info("%-16s skipped (disabled)", step.name)
            continue
        try:
            result = step.run(args.dry_run)
            LOG.info("%-16s %s%s", step.name, result, " (dry run)" if args.dry_run else "")
        except OSError as exc:
            failures += 1
            LOG.error("%-16s failed: %s", step.name, exc)

    LOG.info("cleanup finished in %.1fs with %d failure(s)", time.monotonic() - started, failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
