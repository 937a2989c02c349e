#!/usr/bin/env python3
"""Seal closed compliance reports into an encrypted retention archive.

Gaming regulations make us keep AML, self-exclusion and large-win reports
for five years.  This walks the reports tree, encrypts each closed report
with AES-256-GCM into ./sealed (mirroring the directory layout) and records
a SHA-256 index so auditors can prove the sealed copy matches the original.
Originals stay where they are; the nightly backup job picks up ./sealed.
"""
import argparse
import hashlib
import json
import logging
import os
import secrets
import sys
import time
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("sealer")
SEAL_EXT = ".sealed"
DEFAULT_TYPES = (".pdf", ".csv", ".xlsx", ".docx", ".json")
MAGIC = b"RSL1"


class Sealer:
    def __init__(self, key: bytes):
        self.aead = AESGCM(key)

    def seal_bytes(self, data: bytes, label: str) -> bytes:
        nonce = secrets.token_bytes(12)
        return MAGIC + nonce + self.aead.encrypt(nonce, data, label.encode())

    def seal_file(self, src: Path, dest: Path, label: str) -> str:
        data = src.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_name(dest.name + ".part")
        tmp.write_bytes(self.seal_bytes(data, label))
        tmp.replace(dest)
        return digest


def load_or_create_key(path: Path) -> bytes:
    if path.exists():
        key = bytes.fromhex(path.read_text().strip())
        if len(key) != 32:
            raise SystemExit(f"{path}: expected a 256-bit key")
        return key
    key = AESGCM.generate_key(bit_length=256)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(key.hex() + "\n")
    os.chmod(path, 0o600)
    LOG.info("created new archive key %s - escrow a copy with the compliance officer", path)
    return key


def closed_reports(root: Path, types, min_age_days):
    cutoff = time.time() - min_age_days * 86400
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() not in types:
                continue
            try:
                if p.stat().st_mtime > cutoff:
                    continue
            except OSError:
                continue
            yield p


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reports", type=Path, default=Path("reports"))
    ap.add_argument("--out", type=Path, default=Path("sealed"))
    ap.add_argument("--key-file", type=Path, default=Path("sealed/.archive_key"))
    ap.add_argument("--min-age", type=int, default=30, help="days since last change")
    ap.add_argument("--types", default=",".join(DEFAULT_TYPES))
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.reports.is_dir():
        LOG.error("reports directory %s not found", args.reports)
        return 1
    types = tuple(t.strip().lower() for t in args.types.split(",") if t.strip())
    index_path = args.out / "index.json"
    index = json.loads(index_path.read_text()) if index_path.exists() else {}

    sealer = None if args.dry_run else Sealer(load_or_create_key(args.key_file))
    sealed = skipped = 0
    for src in closed_reports(args.reports, types, args.min_age):
        rel = src.relative_to(args.reports).as_posix()
        if rel in index:
            skipped += 1
            continue
        if args.dry_run:
            print(rel)
            continue
        try:
            digest = sealer.seal_file(src, args.out / (rel + SEAL_EXT), rel)
        except OSError as exc:
            LOG.warning("could not seal %s: %s", rel, exc)
            continue
        index[rel] = {"sha256": digest, "sealed_at": int(time.time())}
        sealed += 1

    if not args.dry_run:
        args.out.mkdir(exist_ok=True)
        index_path.write_text(json.dumps(index, indent=1, sort_keys=True))
    LOG.info("sealed %d reports, %d already archived", sealed, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
