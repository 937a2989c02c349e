#!/usr/bin/env python3
"""Encrypted snapshot backups of a project's evidence directory.

Walks the source directory (default ./evidence), writes an encrypted copy of
every file into ./backups/<timestamp>/ and records a manifest of SHA-256
digests. Source files are only read, never modified. Old snapshots beyond
--keep are pruned from ./backups.
"""

import argparse
import hashlib
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

logger = logging.getLogger("snapbackup")

BACKUP_ROOT = Path("backups")
KEY_FILE = Path(".snapbackup.key")
SKIP_SUFFIXES = {".swp", ".tmp", ".lock"}


def load_or_create_key(path: Path) -> Fernet:
    if path.exists():
        key = path.read_bytes().strip()
    else:
        key = Fernet.generate_key()
        path.write_bytes(key + b"\n")
        os.chmod(path, 0o600)
        logger.warning("generated new key in %s - store a copy offline!", path)
    return Fernet(key)


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def iter_sources(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in sorted(filenames):
            p = Path(dirpath) / name
            if p.suffix in SKIP_SUFFIXES or p.is_symlink():
                continue
            yield p


def snapshot(src: Path, fernet: Fernet) -> Path:
    stamp = time.strftime("%Y%m%dT%H%M%S")
    dest_root = BACKUP_ROOT / stamp
    dest_root.mkdir(parents=True, exist_ok=False)
    manifest = {"source": str(src), "created": stamp, "files": {}}
    total = 0
    for path in iter_sources(src):
        rel = path.relative_to(src)
        out = dest_root / (str(rel) + ".enc")
        out.parent.mkdir(parents=True, exist_ok=True)
        data = path.read_bytes()
        out.write_bytes(fernet.encrypt(data))
        manifest["files"][str(rel)] = {"sha256": sha256_of(path), "size": len(data)}
        total += len(data)
    (dest_root / "MANIFEST.json").write_text(json.dumps(manifest, indent=2))
    logger.info("snapshot %s: %d files, %.1f KiB", stamp, len(manifest["files"]), total / 1024)
    return dest_root


def verify(snap: Path, fernet: Fernet) -> bool:
    manifest = json.loads((snap / "MANIFEST.json").read_text())
    ok = True
    for rel, meta in manifest["files"].items():
        enc = snap / (rel + ".enc")
        try:
            plain = fernet.decrypt(enc.read_bytes())
        except (OSError, InvalidToken) as exc:
            logger.error("cannot decrypt %s: %s", enc, exc)
            ok = False
            continue
        if hashlib.sha256(plain).hexdigest() != meta["sha256"]:
            logger.error("digest mismatch for %s", rel)
            ok = False
    return ok


def prune(keep: int):
    snaps = sorted((p for p in BACKUP_ROOT.iterdir() if p.is_dir()), reverse=True)
    for old in snaps[keep:]:
        logger.info("pruning old snapshot %s", old)
        shutil.rmtree(old)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--source", default="evidence")
    ap.add_argument("--keep", type=int, default=5)
    ap.add_argument("--verify", action="store_true", help="decrypt-check after writing")
    ap.add_argument("--log-level", default="INFO")
    args = ap.parse_args()
    logging.basicConfig(level=args.log_level.upper(),
                        format="%(asctime)s %(levelname)-7s %(message)s")

    src = Path(args.source)
    if src.is_absolute() or ".." in src.parts:
        logger.error("source must be a relative path inside the project")
        return 2
    if not src.is_dir():
        logger.error("source directory %s not found", src)
        return 2

    BACKUP_ROOT.mkdir(exist_ok=True)
    fernet = load_or_create_key(KEY_FILE)
    snap = snapshot(src, fernet)
    if args.verify and not verify(snap, fernet):
        logger.error("verification failed for %s", snap)
        return 1
    if args.keep > 0:
        prune(args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
