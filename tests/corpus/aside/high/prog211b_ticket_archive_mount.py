#!/usr/bin/env python3
"""Mounts the head-office ticket archive share on a depot PC, copies the
day's weighbridge tickets into it and unmounts again."""
import argparse
import datetime
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("archive")

DEFAULT_EXPORT = "192.0.2.20:/export/tickets"
DEFAULT_MOUNT = "/mnt/ticket_archive"


class ArchiveShare:
    def __init__(self, export: str, mountpoint: str, dry_run: bool):
        self.export = export
        self.mountpoint = mountpoint
        self.dry_run = dry_run

    def _sudo(self, command: str) -> bool:
        LOG.debug("sudo: %s", command)
        if self.dry_run:
            LOG.info("[dry-run] %s", command)
            return True
        res = subprocess.run(["sudo", "sh", "-c", command], capture_output=True, text=True)
        if res.returncode != 0:
            LOG.error("%s -> %s", command, res.stderr.strip())
            return False
        return True

    def is_mounted(self) -> bool:
        return subprocess.run(["mountpoint", "-q", self.mountpoint]).returncode == 0

    def mount(self) -> bool:
        if self.is_mounted():
            LOG.info("%s already mounted", self.mountpoint)
            return True
        return self._sudo(
            f"mkdir -p {self.mountpoint} && "
            f"mount -t nfs -o rw,nosuid,nodev,vers=4 {self.export} {self.mountpoint}"
        )

    def umount(self) -> bool:
        return self._sudo(f"umount {self.mountpoint}")


def copy_tickets(src: Path, dest_root: Path, depot: str, day: str) -> int:
    dest = dest_root / depot / day
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for ticket in sorted(src.glob(f"{day}*.pdf")):
        target = dest / ticket.name
        if target.exists() and target.stat().st_size == ticket.stat().st_size:
            continue
        shutil.copy2(ticket, target)
        copied += 1
    return copied


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--depot", required=True)
    ap.add_argument("--tickets", type=Path, default=Path("tickets"))
    ap.add_argument("--export", default=os.environ.get("TICKET_EXPORT", DEFAULT_EXPORT))
    ap.add_argument("--mountpoint", default=DEFAULT_MOUNT)
    ap.add_argument("--day", default=datetime.date.today().strftime("%Y%m%d"))
    ap.add_argument("--keep-mounted", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.tickets.is_dir():
        LOG.error("ticket folder %s not found", args.tickets)
        return 1

    share = ArchiveShare(args.export, args.mountpoint, args.dry_run)
    if not share.mount():
        return 1
    rc = 0
    try:
        if not args.dry_run:
            n = copy_tickets(args.tickets, Path(args.mountpoint), args.depot, args.day)
            LOG.info("copied %d tickets for %s", n, args.day)
    except OSError as exc:
        LOG.error("copy failed: %s", exc)
        rc = 1
    finally:
        if not args.keep_mounted:
            share.umount()
    return rc


if __name__ == "__main__":
    sys.exit(main())
