#!/usr/bin/env python3
"""Lock local accounts that the access review marked as dormant.

Reads the approved list (one username per line, ./approved_locks.txt),
double-checks with lastlog that the account is still idle and then locks the
password and expires the account. Home directories are left untouched.
"""
import argparse
import datetime as dt
import logging
import pwd
import shlex
import subprocess
import sys

log = logging.getLogger("locker")
PRIV = ["sudo", "-n"]
ACTIONS = (
    ("lock password", ["/usr/sbin/usermod", "--lock"]),
    ("expire account", ["/usr/sbin/usermod", "--expiredate", "1"]),
    ("nologin shell", ["/usr/sbin/usermod", "--shell", "/usr/sbin/nologin"]),
)


def idle_days(user):
    out = subprocess.run(["lastlog", "-u", user], capture_output=True, text=True).stdout.splitlines()
    if len(out) < 2 or "Never logged in" in out[1]:
        return None
    stamp = " ".join(out[1].split()[-6:])
    last = dt.datetime.strptime(stamp, "%a %b %d %H:%M:%S %z %Y")
    return (dt.datetime.now(dt.timezone.utc) - last).days


def read_approved(path):
    with open(path, encoding="utf-8") as fh:
        return [ln.split("#", 1)[0].strip() for ln in fh if ln.split("#", 1)[0].strip()]


class Locker:
    def __init__(self, dry_run, min_idle):
        self.dry_run, self.min_idle = dry_run, min_idle
        self.locked, self.skipped = [], []

    def run(self, label, argv):
        cmd = PRIV + argv
        if self.dry_run:
            log.info("[dry-run] %s: %s", label, shlex.join(cmd))
            return True
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            log.error("%s failed: %s", label, proc.stderr.strip())
        return proc.returncode == 0

    def handle(self, user):
        try:
            entry = pwd.getpwnam(user)
        except KeyError:
            self.skipped.append((user, "no such user"))
            return
        if entry.pw_uid < 1000:
            self.skipped.append((user, "system account"))
            return
        days = idle_days(user)
        if days is not None and days < self.min_idle:
            self.skipped.append((user, f"logged in {days} days ago"))
            return
        if all(self.run(label, argv + [user]) for label, argv in ACTIONS):
            self.locked.append(user)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("approved", nargs="?", default="approved_locks.txt")
    ap.add_argument("--min-idle", type=int, default=90)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    locker = Locker(args.dry_run, args.min_idle)
    for user in read_approved(args.approved):
        locker.handle(user)
    for user, why in locker.skipped:
        log.warning("skipped %s: %s", user, why)
    log.info("locked %d account(s): %s", len(locker.locked), ", ".join(locker.locked) or "-")
    return 0 if not locker.skipped else 1


if __name__ == "__main__":
    sys.exit(main())
