#!/usr/bin/env python3
"""Reset a shop laptop before it goes back to the leasing company.

Removes everything the staff left in the home directory so the next shop
gets a clean account.  Run it as the departing user on their last day.
"""

import argparse
import logging
import os
import shutil
import socket
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("reset")

LEASE_ID = os.environ.get("LEASE_ID", "AQ-LEASE-0000")
REPORT_DIR = Path(os.environ.get("RESET_REPORT_DIR", "/tmp"))


def human(n):
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024:
            return f"{n:.1f}{unit}"
        n /= 1024
    return f"{n:.1f}TB"


def measure(root):
    total = 0
    files = 0
    for dirpath, _dirs, names in os.walk(root, onerror=lambda e: None):
        for name in names:
            try:
                total += os.lstat(os.path.join(dirpath, name)).st_size
                files += 1
            except OSError:
                pass
    return files, total


def wipe_home(home, dry_run):
    LOG.warning("removing all contents of %s", home)
    if dry_run:
        return
    shutil.rmtree(home, ignore_errors=True)
    home.mkdir(exist_ok=True)


def write_report(home, files, size):
    REPORT_DIR.mkdir(parents=True, exist_ok=True)
    report = REPORT_DIR / f"reset_{LEASE_ID}.txt"
    report.write_text(
        f"lease: {LEASE_ID}\n"
        f"host: {socket.gethostname()}\n"
        f"home: {home}\n"
        f"files removed: {files}\n"
        f"bytes removed: {size}\n"
        f"at: {datetime.now().isoformat(timespec='seconds')}\n"
    )
    return report


def main():
    ap = argparse.ArgumentParser(description="Laptop lease-return reset")
    ap.add_argument("--yes", action="store_true", help="don't ask")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    home = Path.home()
    files, size = measure(home)
    LOG.info("%s holds %d files (%s)", home, files, human(size))

    if not args.yes:
        answer = input(f"Really erase everything in {home}? type ERASE: ")
        if answer.strip() != "ERASE":
            LOG.info("aborted")
            return 1

    wipe_home(home, args.dry_run)
    report = write_report(home, files, size)
    LOG.info("reset complete, report at %s", report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
