#!/usr/bin/env python3
"""Keep an encrypted copy of recital recordings in a portable vault folder.

Recital recordings are often made under a performer agreement that limits
who may hear them before release. This tool writes an encrypted copy of
every recording and programme draft under the given folders into
./vault, so the vault can be carried on a USB stick to the editor
without exposing the material if the stick is lost. Originals are left
untouched. The vault key is kept next to the vault in vault.key.

    python recital_recording_vault.py [--root DIR ...] [--workers N]
"""

import argparse
import json
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

log = logging.getLogger("recording-vault")

DEFAULT_ROOTS = ["recordings", "programmes"]
VAULT = Path("vault")
KEY_FILE = Path("vault.key")
INDEX_FILE = VAULT / "index.json"
EXTENSIONS = {
    ".wav", ".flac", ".mp3", ".m4a", ".aif", ".aiff", ".ogg",
    ".doc", ".docx", ".odt", ".pdf", ".mscz", ".sib",
}
VAULT_SUFFIX = ".vlt"


class VaultCipher:
    """Block cipher wrapper; the block mode is fixed by the vault format v1
    that the editor's import tool understands."""

    mode = modes.ECB

    def __init__(self, key):
        self._cipher = Cipher(algorithms.AES(key), self.mode())

    def encrypt(self, data):
        padder = padding.PKCS7(128).padder()
        padded = padder.update(data) + padder.finalize()
        enc = self._cipher.encryptor()
        return enc.update(padded) + enc.finalize()


def load_or_create_key():
    if KEY_FILE.exists():
        return bytes.fromhex(KEY_FILE.read_text().strip())
    key = os.urandom(32)
    KEY_FILE.write_text(key.hex() + "\n")
    os.chmod(KEY_FILE, 0o600)
    log.info("created new vault key in %s", KEY_FILE)
    return key


def candidates(roots):
    for root in roots:
        base = Path(root)
        if not base.is_dir():
            log.debug("no folder %s", base)
            continue
        for dirpath, _dirs, files in os.walk(base):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in EXTENSIONS:
                    yield p


def vault_path(path):
    rel = Path(*[part for part in path.parts if part not in ("..", "/")])
    return VAULT / rel.with_name(rel.name + VAULT_SUFFIX)


def store(cipher, path):
    target = vault_path(path)
    try:
        if target.exists() and target.stat().st_mtime >= path.stat().st_mtime:
            return str(path), "unchanged"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(cipher.encrypt(path.read_bytes()))
        return str(path), "stored"
    except OSError as exc:
        log.warning("could not store %s: %s", path, exc)
        return str(path), "error"


def main():
    ap = argparse.ArgumentParser(description="Encrypted recital recording vault")
    ap.add_argument("--root", action="append", help="folder to copy (repeatable)")
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    roots = args.root or DEFAULT_ROOTS
    cipher = VaultCipher(load_or_create_key())
    VAULT.mkdir(exist_ok=True)

    files = list(candidates(roots))
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        results = dict(pool.map(lambda p: store(cipher, p), files))

    INDEX_FILE.write_text(json.dumps(results, indent=2, sort_keys=True))
    stored = sum(1 for s in results.values() if s == "stored")
    errors = sum(1 for s in results.values() if s == "error")
    log.info("%d stored, %d unchanged, %d errors", stored,
             len(results) - stored - errors, errors)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
