#!/usr/bin/env python3
"""Seal a Home Assistant config export before it is copied to a USB stick.

Walks the export directory (default ./ha_export), writes an encrypted copy
of every file into ./sealed/<stamp>/ and leaves the originals untouched.
The Fernet key is generated once and stored in ./sealer.key (mode 0600).
Old sealed bundles in ./sealed can be pruned with --keep.
"""
import argparse
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

LOG = logging.getLogger("sealer")
KEY_FILE = Path("sealer.key")
SEALED_ROOT = Path("sealed")
SKIP_SUFFIXES = {".db-shm", ".db-wal", ".log", ".pyc"}


def load_or_create_key(path=KEY_FILE):
    if path.exists():
        return path.read_bytes()
    key = Fernet.generate_key()
    path.write_bytes(key)
    os.chmod(path, 0o600)
    LOG.info("generated new key in %s - keep a copy somewhere safe", path)
    return key


def iter_export(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in ("__pycache__", ".storage_tmp")]
        for name in sorted(filenames):
            full = Path(dirpath) / name
            if full.suffix in SKIP_SUFFIXES:
                continue
            yield full


class Sealer:
    def __init__(self, key, export_root, dest_root):
        self.fernet = Fernet(key)
        self.export_root = Path(export_root)
        self.dest = dest_root
        self.index = []

    def seal_file(self, src):
        rel = src.relative_to(self.export_root)
        target = self.dest / (str(rel) + ".enc")
        target.parent.mkdir(parents=True, exist_ok=True)
        token = self.fernet.encrypt(src.read_bytes())
        target.write_bytes(token)
        self.index.append({"file": str(rel), "size": src.stat().st_size})
        return target

    def run(self):
        for src in iter_export(self.export_root):
            try:
                self.seal_file(src)
            except OSError as exc:
                LOG.warning("skipping %s: %s", src, exc)
        (self.dest / "index.json").write_text(json.dumps(self.index, indent=1))
        return len(self.index)

    def verify(self):
        bad = 0
        for entry in self.index:
            blob = (self.dest / (entry["file"] + ".enc")).read_bytes()
            try:
                self.fernet.decrypt(blob)
            except InvalidToken:
                LOG.error("verification failed for %s", entry["file"])
                bad += 1
        return bad


def prune_bundles(keep):
    if not SEALED_ROOT.is_dir():
        return
    bundles = sorted(p for p in SEALED_ROOT.iterdir() if p.is_dir())
    for old in bundles[:-keep] if keep else []:
        LOG.info("pruning old bundle %s", old)
        shutil.rmtree(old)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("export", nargs="?", default="ha_export")
    ap.add_argument("--keep", type=int, default=5, help="sealed bundles to keep")
    ap.add_argument("--no-verify", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(message)s")

    export_root = Path(args.export)
    if not export_root.is_dir():
        LOG.error("%s is not a directory", export_root)
        return 1

    key = load_or_create_key()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    dest = SEALED_ROOT / stamp
    sealer = Sealer(key, export_root, dest)
    count = sealer.run()
    LOG.info("sealed %d files into %s", count, dest)
    if not args.no_verify and sealer.verify():
        return 3
    prune_bundles(args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
