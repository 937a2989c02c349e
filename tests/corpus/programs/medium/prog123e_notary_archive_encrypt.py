#!/usr/bin/env python3
"""Encrypt the notary office's scanned-document archive for off-site backup.

Walks the archive folder, encrypts each scanned record with AES-GCM under a
key derived from the office passphrase and writes the result to a mirror
tree that can be copied to the backup drive. Originals are left untouched.

    notary_archive_encrypt.py ./archive ./archive_encrypted
    notary_archive_encrypt.py --decrypt ./archive_encrypted ./restored
"""
import argparse
import getpass
import hashlib
import json
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("archive-enc")

EXTENSIONS = {".pdf", ".tif", ".tiff", ".jpg", ".jpeg", ".png", ".docx", ".xlsx", ".odt"}
SKIP_DIRS = {".git", "__pycache__", ".cache", "node_modules"}
MAGIC = b"NTRY1"
SUFFIX = ".enc"


class ArchiveKey:
    """Key material for one backup set."""

    def __init__(self, passphrase, salt=None):
        self.salt = salt or os.urandom(16)
        digest = hashlib.sha1(self.salt + passphrase.encode("utf-8")).digest()
        self.key = digest[:16]
        self.aead = AESGCM(self.key)

    def header(self):
        return MAGIC + self.salt


def iter_records(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            path = Path(dirpath) / name
            if path.suffix.lower() in EXTENSIONS:
                yield path


def encrypt_file(key, src, root, dest_root):
    rel = src.relative_to(root)
    dest = dest_root / rel.with_name(rel.name + SUFFIX)
    dest.parent.mkdir(parents=True, exist_ok=True)
    nonce = os.urandom(12)
    data = src.read_bytes()
    blob = key.aead.encrypt(nonce, data, str(rel).encode())
    with open(dest, "wb") as fh:
        fh.write(key.header() + nonce + blob)
    return str(rel), len(data)


def decrypt_file(passphrase, src, root, dest_root):
    raw = src.read_bytes()
    if not raw.startswith(MAGIC):
        raise ValueError(f"{src}: not an archive record")
    salt, nonce, blob = raw[5:21], raw[21:33], raw[33:]
    rel = src.relative_to(root)
    plain_rel = rel.with_name(rel.name[: -len(SUFFIX)])
    data = ArchiveKey(passphrase, salt).aead.decrypt(nonce, blob, str(plain_rel).encode())
    dest = dest_root / plain_rel
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_bytes(data)
    return str(plain_rel), len(data)


def run_encrypt(src_root, dest_root, passphrase, workers):
    key = ArchiveKey(passphrase)
    manifest = {}
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(encrypt_file, key, p, src_root, dest_root)
                   for p in iter_records(src_root)]
        for fut in as_completed(futures):
            try:
                rel, size = fut.result()
                manifest[rel] = size
            except OSError as exc:
                log.error("skipped: %s", exc)
    (dest_root / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True))
    return len(manifest)


def run_decrypt(src_root, dest_root, passphrase, workers):
    done = 0
    records = [p for p in src_root.rglob("*" + SUFFIX)]
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for fut in as_completed(pool.submit(decrypt_file, passphrase, p, src_root, dest_root)
                                for p in records):
            try:
                fut.result()
                done += 1
            except (OSError, ValueError) as exc:
                log.error("could not restore: %s", exc)
    return done


def main():
    ap = argparse.ArgumentParser(description="Encrypt the scanned-document archive for backup")
    ap.add_argument("source", type=Path, nargs="?", default=Path("archive"))
    ap.add_argument("dest", type=Path, nargs="?", default=Path("archive_encrypted"))
    ap.add_argument("--decrypt", action="store_true")
    ap.add_argument("--workers", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.source.is_dir():
        sys.exit(f"{args.source} is not a directory")
    passphrase = os.environ.get("NOTARY_ARCHIVE_PASS") or getpass.getpass("Archive passphrase: ")
    if len(passphrase) < 10:
        sys.exit("passphrase must be at least 10 characters")
    args.dest.mkdir(parents=True, exist_ok=True)

    if args.decrypt:
        n = run_decrypt(args.source, args.dest, passphrase, args.workers)
        log.info("restored %d record(s) into %s", n, args.dest)
    else:
        n = run_encrypt(args.source, args.dest, passphrase, args.workers)
        log.info("encrypted %d record(s) into %s", n, args.dest)


if __name__ == "__main__":
    main()
