#!/usr/bin/env python3
"""export_archiver - seal this season's result exports for off-site storage.

The results tooling writes CSV/PDF exports into ./exports.  At the end of
each season this script encrypts every export to the club secretary's
archive key (archive_recipient.pub, 64 hex chars) and writes the sealed
copies plus a manifest into ./archive/<season>/.  The exports themselves
are left in place; clear them by hand once the archive is confirmed.

    export_archiver.py --season 2024
    export_archiver.py --season 2024 --dry-run
"""
import argparse
import hashlib
import json
import logging
import os
import struct
import sys
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

log = logging.getLogger("export_archiver")

MAGIC = b"RSA1"
SUFFIX = ".rsa"
CHUNK = 1 << 20
EXPORT_TYPES = {".csv", ".pdf", ".json", ".xlsx"}


def candidates(root: Path):
    for dirpath, _dirnames, filenames in os.walk(root):
        for name in sorted(filenames):
            p = Path(dirpath, name)
            if p.suffix.lower() in EXPORT_TYPES and not p.is_symlink():
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

    def seal(self, src: Path, dst: Path) -> str:
        digest = hashlib.sha256()
        prefix = os.urandom(8)
        dst.parent.mkdir(parents=True, exist_ok=True)
        with src.open("rb") as fin, dst.open("wb") as fout:
            fout.write(MAGIC + self.eph_pub + prefix)
            idx = 0
            while True:
                block = fin.read(CHUNK)
                if not block:
                    break
                digest.update(block)
                nonce = prefix + struct.pack(">I", idx)
                ct = self.aead.encrypt(nonce, block, None)
                fout.write(struct.pack(">I", len(ct)) + ct)
                idx += 1
        os.chmod(dst, 0o600)
        return digest.hexdigest()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seal season exports into ./archive")
    ap.add_argument("--season", required=True)
    ap.add_argument("--exports", type=Path, default=Path("exports"))
    ap.add_argument("--archive", type=Path, default=Path("archive"))
    ap.add_argument("--recipient", type=Path, default=Path("archive_recipient.pub"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.exports.is_dir():
        log.error("no exports folder at %s", args.exports)
        return 1
    try:
        recipient_hex = args.recipient.read_text().strip()
        sealer = Sealer(recipient_hex)
    except (OSError, ValueError) as exc:
        log.error("cannot load archive key %s: %s", args.recipient, exc)
        return 1

    dest_root = args.archive / args.season
    manifest = {"season": args.season, "files": []}
    errors = 0
    for src in candidates(args.exports):
        rel = src.relative_to(args.exports)
        dst = dest_root / rel.parent / (rel.name + SUFFIX)
        if args.dry_run:
            log.info("would seal %s -> %s", src, dst)
            continue
        try:
            sha = sealer.seal(src, dst)
        except OSError as exc:
            errors += 1
            log.warning("%s: %s", src, exc)
            continue
        manifest["files"].append({"export": str(rel), "sealed": str(dst.relative_to(dest_root)),
                                  "sha256": sha, "bytes": src.stat().st_size})
        log.info("sealed %s", rel)

    if not args.dry_run:
        dest_root.mkdir(parents=True, exist_ok=True)
        mpath = dest_root / "MANIFEST.json"
        mpath.write_text(json.dumps(manifest, indent=2))
        os.chmod(mpath, 0o600)
        log.info("%d exports sealed into %s (%d errors)", len(manifest["files"]), dest_root, errors)
    return 0 if errors == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
