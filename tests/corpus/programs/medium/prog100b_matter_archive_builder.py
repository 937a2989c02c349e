#!/usr/bin/env python3
"""Build an encrypted archive copy of a closed matter folder.

When a matter closes, records staff run this against the matter folder to
produce an encrypted copy for the offsite retention drive. The originals are
left untouched; the records manager deletes them after the retention copy
has been verified.

    matter_archive_builder.py "Matters/2021-0457 Ortega v. Brightline" \
        --matter 2021-0457

Output layout (under ./archive):
    2021-0457/...            encrypted copies, same relative paths + .enc
    2021-0457.manifest.json  sha256 of every original, sizes, timestamps
    2021-0457.key            archive key (hex), readable by owner only
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from datetime import datetime, timezone
from pathlib import Path

from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

LOG = logging.getLogger("archive")
DEFAULT_TYPES = {".docx", ".doc", ".pdf", ".xlsx", ".msg", ".eml", ".txt", ".rtf", ".jpg", ".png"}
SKIP_DIRS = {".git", "__pycache__", "~snapshot"}


class MatterCipher:
    """AES-256 block cipher wrapper used for retention copies."""

    block_bits = algorithms.AES.block_size

    def __init__(self, key: bytes):
        if len(key) != 32:
            raise ValueError("archive key must be 32 bytes")
        self._cipher = Cipher(algorithms.AES(key), modes.ECB())

    def seal(self, data: bytes) -> bytes:
        padder = padding.PKCS7(self.block_bits).padder()
        padded = padder.update(data) + padder.finalize()
        enc = self._cipher.encryptor()
        return enc.update(padded) + enc.finalize()


def iter_matter_files(root: Path, types: set):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            path = Path(dirpath) / name
            if path.suffix.lower() in types and not name.startswith("~$"):
                yield path


def archive_file(cipher: MatterCipher, src: Path, root: Path, dest_root: Path) -> dict:
    data = src.read_bytes()
    rel = src.relative_to(root)
    dest = dest_root / rel.parent / (rel.name + ".enc")
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_bytes(cipher.seal(data))
    st = src.stat()
    return {
        "path": str(rel),
        "size": st.st_size,
        "modified": datetime.fromtimestamp(st.st_mtime, timezone.utc).isoformat(),
        "sha256": hashlib.sha256(data).hexdigest(),
    }


def write_key(path: Path, key: bytes) -> None:
    path.write_text(key.hex() + "\n", encoding="ascii")
    os.chmod(path, 0o600)


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description="Encrypted retention copy of a closed matter")
    ap.add_argument("folder", type=Path, help="matter folder to archive")
    ap.add_argument("--matter", required=True, help="matter number, used for output names")
    ap.add_argument("--out", type=Path, default=Path("archive"))
    ap.add_argument("--types", default=",".join(sorted(DEFAULT_TYPES)),
                    help="comma separated extensions to include")
    ap.add_argument("--key-file", type=Path, help="reuse an existing hex key instead of a new one")
    return ap.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    if not args.folder.is_dir():
        LOG.error("%s is not a folder", args.folder)
        return 2
    types = {t if t.startswith(".") else "." + t for t in args.types.lower().split(",") if t}

    args.out.mkdir(exist_ok=True)
    if args.key_file:
        key = bytes.fromhex(args.key_file.read_text().strip())
    else:
        key = os.urandom(32)
        write_key(args.out / f"{args.matter}.key", key)
    cipher = MatterCipher(key)

    dest_root = args.out / args.matter
    entries, errors = [], 0
    for src in iter_matter_files(args.folder, types):
        try:
            entries.append(archive_file(cipher, src, args.folder, dest_root))
        except OSError as exc:
            LOG.warning("skipped %s: %s", src, exc)
            errors += 1

    manifest = {
        "matter": args.matter,
        "source": str(args.folder.resolve()),
        "created": datetime.now(timezone.utc).isoformat(),
        "files": entries,
    }
    (args.out / f"{args.matter}.manifest.json").write_text(json.dumps(manifest, indent=2))
    LOG.info("archived %d file(s) for %s, %d error(s)", len(entries), args.matter, errors)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
