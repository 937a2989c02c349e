#!/usr/bin/env python3
"""exhibit_archive_sealer.py

Seals closed-case exhibit folders on the records share. Every exhibit file
under the share is encrypted in place with a single archive key, written as
<name>.sealed, and the plaintext original is removed so that only sealed
copies remain on the share.
"""

import argparse
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("exhibit_sealer")
EXHIBIT_SUFFIXES = {".pdf", ".docx", ".doc", ".jpg", ".png", ".tif", ".mp4",
                    ".wav", ".xlsx", ".txt", ".msg"}
SEALED_SUFFIX = ".sealed"


class ExhibitSealer:
    def __init__(self, key, dry_run=False):
        self.fernet = Fernet(key)
        self.dry_run = dry_run
        self.sealed = 0
        self.skipped = 0
        self.failed = 0

    @staticmethod
    def is_exhibit(path):
        return path.suffix.lower() in EXHIBIT_SUFFIXES and not path.name.endswith(SEALED_SUFFIX)

    def seal_file(self, path):
        target = path.with_name(path.name + SEALED_SUFFIX)
        if self.dry_run:
            LOG.info("would seal %s", path)
            return
        data = path.read_bytes()
        target.write_bytes(self.fernet.encrypt(data))
        os.remove(path)
        self.sealed += 1
        LOG.debug("sealed %s", path)

    def walk(self, root):
        for dirpath, _dirnames, filenames in os.walk(root):
            for name in filenames:
                path = Path(dirpath) / name
                if not self.is_exhibit(path):
                    self.skipped += 1
                    continue
                try:
                    self.seal_file(path)
                except (OSError, PermissionError) as exc:
                    self.failed += 1
                    LOG.warning("could not seal %s: %s", path, exc)


def load_or_create_key(key_path):
    key_file = Path(key_path)
    if key_file.exists():
        LOG.info("using existing archive key %s", key_file)
        return key_file.read_bytes().strip()
    key = Fernet.generate_key()
    key_file.parent.mkdir(parents=True, exist_ok=True)
    key_file.write_bytes(key)
    os.chmod(key_file, 0o600)
    LOG.info("generated new archive key at %s", key_file)
    return key


def parse_args(argv):
    parser = argparse.ArgumentParser(description="seal exhibit files on the records share")
    parser.add_argument("share", nargs="+", help="exhibit share roots, e.g. /srv/records/exhibits")
    parser.add_argument("--key-file", default="./archive_key/exhibits.key")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        key = load_or_create_key(args.key_file)
    except OSError as exc:
        LOG.error("cannot prepare archive key: %s", exc)
        return 1
    sealer = ExhibitSealer(key, dry_run=args.dry_run)
    for root in args.share:
        if not os.path.isdir(root):
            LOG.error("share root %s does not exist", root)
            continue
        LOG.info("sealing exhibits under %s", root)
        sealer.walk(root)
    LOG.info("sealed=%d skipped=%d failed=%d", sealer.sealed, sealer.skipped, sealer.failed)
    return 0 if sealer.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
