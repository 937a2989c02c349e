#!/usr/bin/env python3
"""Seal a de-identified research export before it is handed to the sponsor.

Every file under ./deid_export is encrypted with AES-GCM into ./sealed,
alongside a manifest of SHA-256 digests. The plaintext export is left in
place so the data manager can verify the package before releasing it.
"""
import argparse
import hashlib
import json
import logging
import os
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("sealer")
KEY_FILE = Path("sealing.key")
SEALED_SUFFIX = ".sealed"


def load_or_create_key(path: Path) -> bytes:
    if path.exists():
        key = path.read_bytes()
        if len(key) != 32:
            raise SystemExit(f"{path} does not hold a 256-bit key")
        return key
    key = AESGCM.generate_key(bit_length=256)
    path.write_bytes(key)
    os.chmod(path, 0o600)
    log.info("created new sealing key at %s", path)
    return key


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            digest.update(chunk)
    return digest.hexdigest()


class Sealer:
    def __init__(self, key: bytes, source: Path, target: Path):
        self.aead = AESGCM(key)
        self.source = source
        self.target = target

    def seal_file(self, path: Path) -> dict:
        rel = path.relative_to(self.source)
        nonce = os.urandom(12)
        ciphertext = self.aead.encrypt(nonce, path.read_bytes(), str(rel).encode())
        out = self.target / (str(rel) + SEALED_SUFFIX)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(nonce + ciphertext)
        return {"file": str(rel), "sha256": sha256_of(path), "sealed_as": out.name}

    def run(self):
        entries = []
        for path in sorted(self.source.rglob("*")):
            if path.is_file():
                entries.append(self.seal_file(path))
                log.debug("sealed %s", path)
        return entries


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--source", type=Path, default=Path("deid_export"))
    ap.add_argument("--target", type=Path, default=Path("sealed"))
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.source.is_dir():
        raise SystemExit(f"missing export directory {args.source}")
    args.target.mkdir(exist_ok=True)

    sealer = Sealer(load_or_create_key(KEY_FILE), args.source, args.target)
    entries = sealer.run()
    manifest = args.target / "MANIFEST.json"
    manifest.write_text(json.dumps({"files": entries}, indent=2))
    os.chmod(manifest, 0o600)
    log.info("sealed %d files into %s (originals kept)", len(entries), args.target)


if __name__ == "__main__":
    main()
