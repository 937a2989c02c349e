#!/usr/bin/env python3
"""Restore test for the nightly Dovecot mailbox backups.

Picks the newest (or a named) mailbox archive from the backup directory,
unpacks it into a scratch area and checks that every Maildir in it is
well-formed: cur/new/tmp present, message files parse as RFC 822 and the
dovecot-uidlist counts match. Results go to a CSV that the weekly backup
report includes.
"""

import argparse
import csv
import email
import email.policy
import logging
import os
import shutil
import sys
import tarfile
import time
from pathlib import Path

log = logging.getLogger("mailbox-restore-test")

SCRATCH = Path("/tmp/mailbox-restore-test")
ARCHIVE_GLOB = "mail-*.tar.gz"


def newest_archive(backup_dir):
    archives = sorted(Path(backup_dir).glob(ARCHIVE_GLOB), key=lambda p: p.stat().st_mtime)
    if not archives:
        raise FileNotFoundError(f"no {ARCHIVE_GLOB} in {backup_dir}")
    return archives[-1]


def unpack(archive):
    if SCRATCH.exists():
        shutil.rmtree(SCRATCH)
    SCRATCH.mkdir(parents=True)
    t0 = time.monotonic()
    with tarfile.open(archive, "r:*") as tar:
        members = tar.getmembers()
        tar.extractall(SCRATCH)
    log.info("unpacked %d members from %s in %.1fs", len(members), archive.name,
             time.monotonic() - t0)
    return SCRATCH


def maildirs(root):
    for dirpath, dirnames, _files in os.walk(root):
        if {"cur", "new", "tmp"} <= set(dirnames):
            yield Path(dirpath)


def uidlist_count(md):
    ul = md / "dovecot-uidlist"
    if not ul.exists():
        return None
    with open(ul, errors="replace") as fh:
        next(fh, None)  # header
        return sum(1 for line in fh if line.strip())


def check_maildir(md, sample):
    msgs = list((md / "cur").iterdir()) + list((md / "new").iterdir())
    bad = 0
    for p in msgs[:sample]:
        try:
            with open(p, "rb") as fh:
                msg = email.message_from_binary_file(fh, policy=email.policy.compat32)
            if msg.get("From") is None and msg.get("Date") is None:
                bad += 1
        except (OSError, UnicodeError):
            bad += 1
    expected = uidlist_count(md)
    return {
        "maildir": str(md.relative_to(SCRATCH)),
        "messages": len(msgs),
        "uidlist": "" if expected is None else expected,
        "uid_mismatch": expected is not None and expected != len(msgs),
        "unparseable": bad,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--backup-dir", default="/srv/backup/mail")
    ap.add_argument("--archive", help="specific archive instead of the newest")
    ap.add_argument("--sample", type=int, default=200,
                    help="messages parsed per maildir")
    ap.add_argument("--csv", default="restore-test.csv")
    ap.add_argument("--keep", action="store_true", help="leave scratch tree")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        archive = Path(args.archive) if args.archive else newest_archive(args.backup_dir)
        root = unpack(archive)
    except (OSError, tarfile.TarError) as exc:
        log.error("restore failed: %s", exc)
        return 2

    rows = [check_maildir(md, args.sample) for md in maildirs(root)]
    with open(args.csv, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["maildir", "messages", "uidlist",
                                           "uid_mismatch", "unparseable"])
        w.writeheader()
        w.writerows(rows)
    problems = [r for r in rows if r["uid_mismatch"] or r["unparseable"]]
    log.info("%d maildirs, %d with problems, report in %s", len(rows),
             len(problems), args.csv)
    if not args.keep:
        shutil.rmtree(SCRATCH, ignore_errors=True)
    return 1 if problems or not rows else 0


if __name__ == "__main__":
    sys.exit(main())
