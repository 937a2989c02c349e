#!/usr/bin/env python3
"""Pack drill-core scan archives into encrypted containers for transfer.

Core-scan imagery, hyperspectral cubes and downhole logs are confidential
until the tenement is relinquished. The packer encrypts each archive file
(AES-256-GCM) into a ``.sealed`` container under the output directory,
leaving the originals untouched, and keeps the key in a local key file
readable only by the owner so the receiving lab can be sent it separately.
"""

import argparse
import json
import logging
import os
import sys
import uuid
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("packer")

SUFFIXES = {".tif", ".tiff", ".jpg", ".png", ".las", ".dlis", ".csv",
            ".hdr", ".img"}
MAGIC = b"SEAL1"


class Packer:
    chunk = 4 << 20

    def __init__(self, key: bytes):
        self.aead = AESGCM(key)

    def pack(self, path: Path, src_root: Path, out_root: Path) -> Path:
        out = out_root / path.relative_to(src_root)
        out = out.with_name(out.name + ".sealed")
        out.parent.mkdir(parents=True, exist_ok=True)
        with path.open("rb") as src, out.open("wb") as dst:
            dst.write(MAGIC)
            index = 0
            while True:
                block = src.read(self.chunk)
                if not block:
                    break
                nonce = os.urandom(12)
                ct = self.aead.encrypt(nonce, block, index.to_bytes(8, "big"))
                dst.write(nonce + len(ct).to_bytes(4, "big") + ct)
                index += 1
        return out


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in sorted(filenames):
            p = Path(dirpath) / name
            if p.suffix.lower() in SUFFIXES and p.is_file():
                yield p


def save_key(key: bytes, archive_id: str, key_dir: Path) -> Path:
    key_dir.mkdir(parents=True, exist_ok=True)
    path = key_dir / f"{archive_id}.key.json"
    path.write_text(json.dumps({"archive": archive_id, "key": key.hex()}),
                    encoding="utf-8")
    os.chmod(path, 0o600)
    return path


def write_manifest(out_root: Path, archive_id: str, packed):
    manifest = out_root / "MANIFEST.json"
    manifest.write_text(json.dumps({
        "archive": archive_id,
        "cipher": "AES-256-GCM",
        "chunk": Packer.chunk,
        "files": [str(p.relative_to(out_root)) for p in packed],
    }, indent=2), encoding="utf-8")
    return manifest


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", type=Path, help="directory with the core-scan archive")
    ap.add_argument("-o", "--out-dir", type=Path, default=Path("packed"))
    ap.add_argument("--key-dir", type=Path, default=Path("keys"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.source.is_dir():
        LOG.error("%s is not a directory", args.source)
        return 1

    key = AESGCM.generate_key(bit_length=256)
    archive_id = uuid.uuid4().hex[:12]
    packer = Packer(key)
    out_root = args.out_dir / archive_id
    packed = []
    for path in candidates(args.source):
        try:
            packed.append(packer.pack(path, args.source, out_root))
            LOG.debug("packed %s", path)
        except OSError as exc:
            LOG.warning("%s: %s", path, exc)

    key_path = save_key(key, archive_id, args.key_dir)
    write_manifest(out_root, archive_id, packed)
    LOG.info("archive %s: %d files packed into %s", archive_id, len(packed), out_root)
    LOG.info("key written to %s - send it to the lab by a separate channel", key_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
