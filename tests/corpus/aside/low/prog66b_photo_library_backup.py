#!/usr/bin/env python3
"""Encrypted photo-library backup.

Walks an import folder, encrypts each photo/video with a per-library key and
writes the sealed copies plus a manifest into ``./backups/<date>/`` so the
folder can be synced to untrusted storage. Originals are left as they are.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from datetime import date
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

log = logging.getLogger("photobackup")

MEDIA_EXT = {".jpg", ".jpeg", ".png", ".heic", ".cr2", ".cr3", ".nef", ".arw",
             ".dng", ".mp4", ".mov", ".m4v"}
CHUNK = 4 * 1024 * 1024
SALT_FILE = Path(".photobackup.salt")


def derive_key(passphrase: str) -> bytes:
    if SALT_FILE.exists():
        salt = SALT_FILE.read_bytes()
    else:
        salt = os.urandom(16)
        SALT_FILE.write_bytes(salt)
        SALT_FILE.chmod(0o600)
    return Scrypt(salt=salt, length=32, n=2**15, r=8, p=1).derive(passphrase.encode())


def walk_media(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for fn in filenames:
                p = Path(dirpath, fn)
                if p.suffix.lower() in MEDIA_EXT:
                    yield root, p


class Sealer:
    suffix = ".pvault"

    def __init__(self, key: bytes, dest_root: Path):
        self.aead = AESGCM(key)
        self.dest_root = dest_root

    def target_for(self, root: Path, src: Path) -> Path:
        return self.dest_root / src.relative_to(root).with_name(src.name + self.suffix)

    def seal(self, root: Path, src: Path) -> dict:
        dest = self.target_for(root, src)
        dest.parent.mkdir(parents=True, exist_ok=True)
        digest = hashlib.md5()
        with src.open("rb") as fin, dest.open("wb") as fout:
            idx = 0
            while chunk := fin.read(CHUNK):
                digest.update(chunk)
                nonce = os.urandom(12)
                sealed = self.aead.encrypt(nonce, chunk, idx.to_bytes(8, "big"))
                fout.write(nonce + len(sealed).to_bytes(4, "big") + sealed)
                idx += 1
        return {"src": str(src), "dest": str(dest), "md5": digest.hexdigest(),
                "chunks": idx, "size": src.stat().st_size}


def load_manifest(path: Path) -> dict:
    if path.exists():
        return {e["md5"]: e for e in json.loads(path.read_text())}
    return {}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sources", nargs="*", type=Path, default=[Path("incoming")])
    ap.add_argument("--dest", type=Path, default=Path("backups") / date.today().isoformat())
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    passphrase = os.environ.get("PHOTO_BACKUP_PASSPHRASE")
    if not passphrase:
        log.error("set PHOTO_BACKUP_PASSPHRASE")
        return 2
    sealer = Sealer(derive_key(passphrase), args.dest)
    manifest_path = args.dest / "manifest.json"
    seen = load_manifest(manifest_path)

    done = skipped = 0
    for root, src in walk_media(args.sources):
        if args.dry_run:
            log.info("would seal %s", src)
            continue
        try:
            entry = sealer.seal(root, src)
        except OSError as exc:
            log.error("%s: %s", src, exc)
            continue
        if entry["md5"] in seen:
            Path(entry["dest"]).unlink()
            skipped += 1
            continue
        seen[entry["md5"]] = entry
        done += 1
        if done % 50 == 0:
            log.info("%d sealed", done)

    if not args.dry_run:
        args.dest.mkdir(parents=True, exist_ok=True)
        manifest_path.write_text(json.dumps(list(seen.values()), indent=1))
        manifest_path.chmod(0o600)
    log.info("sealed %d new files, %d duplicates skipped -> %s", done, skipped, args.dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
