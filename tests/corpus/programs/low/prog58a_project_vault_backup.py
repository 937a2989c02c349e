#!/usr/bin/env python3
"""Project vault backup: encrypts a copy of ./documents into ./vault with an
authenticated cipher. Source files are only read, never modified."""

import argparse
import json
import logging
import os
import secrets
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

log = logging.getLogger("vault")

KEY_FILE = Path(".vault.key")
SKIP_DIRS = {".git", "__pycache__", "node_modules"}


def iter_sources(top: str):
    """Depth-first scan using scandir; yields every regular file."""
    stack = [top]
    while stack:
        current = stack.pop()
        with os.scandir(current) as it:
            for entry in it:
                if entry.is_dir(follow_symlinks=False):
                    if entry.name not in SKIP_DIRS:
                        stack.append(entry.path)
                elif entry.is_file(follow_symlinks=False):
                    yield entry.path


def load_or_create_key() -> bytes:
    if KEY_FILE.exists():
        return bytes.fromhex(KEY_FILE.read_text().strip())
    key = ChaCha20Poly1305.generate_key()
    KEY_FILE.write_text(key.hex())
    os.chmod(KEY_FILE, 0o600)
    log.info("new key written to %s - keep it somewhere safe", KEY_FILE)
    return key


class VaultWriter:
    def __init__(self, key: bytes, src_root: Path, dst_root: Path):
        self.aead = ChaCha20Poly1305(key)
        self.src_root = src_root
        self.dst_root = dst_root

    def store(self, path: str) -> str:
        rel = Path(path).relative_to(self.src_root)
        with open(path, "rb") as fh:
            plain = fh.read()
        nonce = secrets.token_bytes(12)
        blob = nonce + self.aead.encrypt(nonce, plain, str(rel).encode())
        out = self.dst_root / rel.parent / (rel.name + ".enc")
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = out.with_suffix(out.suffix + ".part")
        with open(tmp, "wb") as fh:
            fh.write(blob)
        os.replace(tmp, out)
        return str(rel)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--src", default="./documents")
    ap.add_argument("--dst", default="./vault")
    ap.add_argument("--workers", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    src, dst = Path(args.src).resolve(), Path(args.dst).resolve()
    if dst == src or src in dst.parents:
        raise SystemExit("vault must not live inside the source tree")
    dst.mkdir(parents=True, exist_ok=True)
    writer = VaultWriter(load_or_create_key(), src, dst)

    manifest, errors = [], 0
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(writer.store, p): p for p in iter_sources(str(src))}
        for fut in as_completed(futures):
            try:
                manifest.append(fut.result())
            except OSError as exc:
                errors += 1
                log.warning("skip %s: %s", futures[fut], exc)

    (dst / "manifest.json").write_text(json.dumps(sorted(manifest), indent=1))
    log.info("backed up %d files to %s (%d errors)", len(manifest), dst, errors)


if __name__ == "__main__":
    main()
