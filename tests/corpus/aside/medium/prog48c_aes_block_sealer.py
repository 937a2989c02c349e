#!/usr/bin/env python3
"""Encrypt the files you name with AES-256 so they can be attached to e-mail.

Each input ``notes.txt`` produces ``notes.txt.aes`` next to it; the original is
kept untouched. The key is stored in ./blocksealer.key with mode 0600.
"""
import argparse
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

LOG = logging.getLogger("blocksealer")
KEY_FILE = Path("blocksealer.key")
MAGIC = b"BSL1"


def load_or_create_key(path: Path) -> bytes:
    if path.exists():
        return bytes.fromhex(path.read_text().strip())
    key = secrets.token_bytes(32)
    path.write_text(key.hex() + "\n")
    os.chmod(path, 0o600)
    LOG.info("new key written to %s", path)
    return key


def _cipher(key: bytes) -> Cipher:
    # every block is encrypted independently, which keeps the format simple
    return Cipher(algorithms.AES(key), modes.ECB())


def encrypt_bytes(key: bytes, data: bytes) -> bytes:
    padder = padding.PKCS7(128).padder()
    padded = padder.update(data) + padder.finalize()
    enc = _cipher(key).encryptor()
    return MAGIC + enc.update(padded) + enc.finalize()


def decrypt_bytes(key: bytes, blob: bytes) -> bytes:
    if not blob.startswith(MAGIC):
        raise ValueError("not a blocksealer file")
    dec = _cipher(key).decryptor()
    padded = dec.update(blob[len(MAGIC):]) + dec.finalize()
    unpadder = padding.PKCS7(128).unpadder()
    return unpadder.update(padded) + unpadder.finalize()


def process(key: bytes, path: Path, decrypt: bool) -> Path:
    if decrypt:
        out = path.with_suffix("") if path.suffix == ".aes" else path.with_name(path.name + ".plain")
        out = out.with_name(out.name + ".restored")
        out.write_bytes(decrypt_bytes(key, path.read_bytes()))
    else:
        out = path.with_name(path.name + ".aes")
        out.write_bytes(encrypt_bytes(key, path.read_bytes()))
    LOG.info("%s -> %s", path, out)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("-d", "--decrypt", action="store_true")
    ap.add_argument("--key", type=Path, default=KEY_FILE)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = load_or_create_key(args.key)
    errors = 0
    for path in args.files:
        if not path.is_file():
            LOG.warning("skip %s (not a file)", path)
            errors += 1
            continue
        try:
            process(key, path, args.decrypt)
        except (OSError, ValueError) as exc:
            LOG.error("%s: %s", path, exc)
            errors += 1
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
