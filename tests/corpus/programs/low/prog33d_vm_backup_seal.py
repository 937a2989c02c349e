#!/usr/bin/env python3
"""Seal exported VM disk backups before they are shipped to cold storage.

Walks ./exports (disk images already exported by the backup job), writes an
AES-GCM encrypted copy of each image to ./sealed/<name>.sealed plus a JSON
sidecar, and leaves the exported images untouched so the operator can verify
the sealed copies first.  The data key lives in ./backup.key (mode 0600).
"""
import argparse
import json
import logging
import os
import secrets
import struct
import sys
import time
from hashlib import sha256
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("backup-seal")

IMAGE_SUFFIXES = (".qcow2", ".raw", ".img", ".vmdk", ".vdi")
CHUNK = 8 * 1024 * 1024
MAGIC = b"VMSEAL01"


def load_or_create_key(path: Path) -> bytes:
    if path.exists():
        key = path.read_bytes()
        if len(key) != 32:
            raise ValueError(f"{path} must contain exactly 32 bytes")
        return key
    key = secrets.token_bytes(32)
    path.write_bytes(key)
    os.chmod(path, 0o600)
    log.info("generated new data key at %s", path)
    return key


class Sealer:
    def __init__(self, key: bytes, out_dir: Path):
        self.aead = AESGCM(key)
        self.out_dir = out_dir
        self.out_dir.mkdir(parents=True, exist_ok=True)

    def seal(self, src: Path) -> dict:
        dest = self.out_dir / (src.name + ".sealed")
        partial = dest.with_suffix(dest.suffix + ".part")
        digest = sha256()
        base_nonce = secrets.token_bytes(8)
        n_chunks = 0
        started = time.monotonic()
        with src.open("rb") as fin, partial.open("wb") as fout:
            fout.write(MAGIC + base_nonce)
            while True:
                block = fin.read(CHUNK)
                if not block:
                    break
                digest.update(block)
                nonce = base_nonce + struct.pack(">I", n_chunks)
                ct = self.aead.encrypt(nonce, block, src.name.encode())
                fout.write(struct.pack(">I", len(ct)))
                fout.write(ct)
                n_chunks += 1
        partial.replace(dest)
        meta = {
            "source": str(src),
            "sealed": str(dest),
            "plain_sha256": digest.hexdigest(),
            "chunks": n_chunks,
            "bytes": src.stat().st_size,
            "seconds": round(time.monotonic() - started, 2),
        }
        dest.with_suffix(".json").write_text(json.dumps(meta, indent=2))
        return meta


def find_images(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        for name in sorted(files):
            if name.lower().endswith(IMAGE_SUFFIXES):
                yield Path(dirpath) / name


def clean_partials(out_dir: Path) -> int:
    removed = 0
    for stale in out_dir.glob("*.part"):
        stale.unlink()
        removed += 1
    return removed


def main() -> int:
    ap = argparse.ArgumentParser(description="encrypt exported VM backups (copies)")
    ap.add_argument("--exports", default="exports", type=Path)
    ap.add_argument("--out", default="sealed", type=Path)
    ap.add_argument("--key-file", default="backup.key", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.exports.is_dir():
        log.error("no export directory %s", args.exports)
        return 1

    images = list(find_images(args.exports))
    if not images:
        log.info("nothing to seal")
        return 0
    if args.dry_run:
        for img in images:
            print(img)
        return 0

    sealer = Sealer(load_or_create_key(args.key_file), args.out)
    n = clean_partials(args.out)
    if n:
        log.info("removed %d stale partial file(s)", n)

    failures = 0
    for img in images:
        try:
            meta = sealer.seal(img)
            log.info("sealed %s -> %s (%d chunks)", img, meta["sealed"], meta["chunks"])
        except OSError as exc:
            failures += 1
            log.error("failed on %s: %s", img, exc)
    log.info("done: %d sealed, %d failed; originals kept in %s",
             len(images) - failures, failures, args.exports)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
