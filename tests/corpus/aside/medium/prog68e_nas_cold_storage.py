#!/usr/bin/env python3
"""Move stale files from the office NAS share into encrypted cold storage.

Walks the share, picks files not modified for --age days, and writes an
AES-GCM encrypted copy of each one under the cold-storage directory (usually
the USB disk on the backup box), keeping the folder layout. The originals stay
where they are; the weekly clean-up job decides what to prune.

The data key is wrapped with the office escrow public key so the owner can
restore with the private key kept offline.
"""

import argparse
import json
import logging
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("cold-storage")
LOCK_PATH = "/tmp/nas_cold_storage.lock"
SKIP_SUFFIXES = {".enc", ".part", ".tmp", ".lock"}
CHUNK = 8 * 1024 * 1024


@dataclass
class RunStats:
    scanned: int = 0
    archived: int = 0
    bytes_in: int = 0
    errors: list = field(default_factory=list)


class ColdStore:
    def __init__(self, share: Path, target: Path, escrow_pem: Path):
        self.share = share
        self.target = target
        self.key = AESGCM.generate_key(bit_length=256)
        pub = serialization.load_pem_public_key(escrow_pem.read_bytes())
        self.wrapped = pub.encrypt(
            self.key,
            padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None),
        )

    def candidates(self, max_age_days: int):
        cutoff = time.time() - max_age_days * 86400
        for root, dirs, files in os.walk(self.share):
            dirs[:] = [d for d in dirs if not d.startswith((".", "#recycle", "@eaDir"))]
            for name in files:
                p = Path(root, name)
                if p.suffix in SKIP_SUFFIXES:
                    continue
                try:
                    if p.stat().st_mtime < cutoff:
                        yield p
                except OSError:
                    continue

    def seal(self, src: Path) -> Path:
        rel = src.relative_to(self.share)
        dst = self.target / rel.parent / (rel.name + ".enc")
        dst.parent.mkdir(parents=True, exist_ok=True)
        aes = AESGCM(self.key)
        with src.open("rb") as fin, dst.open("wb") as fout:
            idx = 0
            while True:
                block = fin.read(CHUNK)
                if not block:
                    break
                nonce = os.urandom(12)
                ct = aes.encrypt(nonce, block, str(idx).encode())
                fout.write(len(ct).to_bytes(4, "big") + nonce + ct)
                idx += 1
        return dst

    def write_manifest(self, entries: list):
        (self.target / "manifest.json").write_text(json.dumps({
            "created": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "wrapped_key": self.wrapped.hex(),
            "files": entries,
        }, indent=1))


def acquire_lock() -> bool:
    try:
        fd = os.open(LOCK_PATH, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    except FileExistsError:
        return False
    os.write(fd, str(os.getpid()).encode())
    os.close(fd)
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("share", type=Path)
    ap.add_argument("target", type=Path)
    ap.add_argument("--escrow-key", type=Path, default=Path("escrow_pub.pem"))
    ap.add_argument("--age", type=int, default=365)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not acquire_lock():
        LOG.error("another run holds %s", LOCK_PATH)
        return 1
    stats = RunStats()
    entries = []
    try:
        store = ColdStore(args.share, args.target, args.escrow_key)
        for path in store.candidates(args.age):
            stats.scanned += 1
            try:
                size = path.stat().st_size
                out = store.seal(path)
                entries.append({"src": str(path), "dst": str(out), "size": size})
                stats.archived += 1
                stats.bytes_in += size
            except OSError as exc:
                stats.errors.append(f"{path}: {exc}")
                LOG.warning("skip %s: %s", path, exc)
        store.write_manifest(entries)
    finally:
        os.unlink(LOCK_PATH)

    LOG.info("archived %d/%d files, %.1f MiB, %d errors",
             stats.archived, stats.scanned, stats.bytes_in / 2**20, len(stats.errors))
    return 0 if not stats.errors else 3


if __name__ == "__main__":
    sys.exit(main())
