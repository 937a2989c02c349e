#!/usr/bin/env python3
"""Season archive builder for the club office project folder.

At the end of each ice season the office keeps its paperwork under
./seasons/<season>/ (membership spreadsheets, ice-time invoices, league
photos). This tool walks that folder and writes sealed .rka copies
(AES-256-GCM) into ./archive/<season>/, with a manifest and the season key
stored next to the archive, so the originals can be cleared by hand later.
"""
import argparse
import hashlib
import json
import logging
import os
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("archive-season")

SUFFIXES = {".xlsx", ".xls", ".docx", ".doc", ".pdf", ".csv", ".odt", ".ods",
            ".jpg", ".jpeg", ".png", ".pptx", ".txt", ".sqlite", ".db", ".zip"}


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath, name)
            if p.suffix.lower() in SUFFIXES:
                yield p


class Sealer:
    def __init__(self, src_root, out_root):
        self.src_root = src_root
        self.out_root = out_root
        self.key = AESGCM.generate_key(bit_length=256)
        self.aead = AESGCM(self.key)
        self.manifest = {}

    def seal(self, path):
        rel = path.relative_to(self.src_root)
        data = path.read_bytes()
        nonce = os.urandom(12)
        blob = nonce + self.aead.encrypt(nonce, data, rel.as_posix().encode())
        target = self.out_root / (rel.as_posix() + ".rka")
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "wb") as fh:
            fh.write(blob)
        self.manifest[rel.as_posix()] = {"sha256": hashlib.sha256(data).hexdigest(),
                                         "bytes": len(data)}
        return len(data)

    def store_key(self, path):
        path.write_text(self.key.hex() + "\n")
        os.chmod(path, 0o600)

    def write_manifest(self, path):
        path.write_text(json.dumps({"created": time.strftime("%Y-%m-%d %H:%M"),
                                    "files": self.manifest}, indent=2, sort_keys=True))


def main():
    ap = argparse.ArgumentParser(description="Build a sealed archive of one season's documents")
    ap.add_argument("season", help="season folder name, e.g. 2023-24")
    ap.add_argument("--workers", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    src = Path("seasons") / args.season
    if not src.is_dir():
        raise SystemExit(f"{src} not found (run from the office project folder)")
    out = Path("archive") / args.season
    out.mkdir(parents=True, exist_ok=True)

    sealer = Sealer(src, out)
    count = total = 0
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(sealer.seal, p): p for p in candidates(src)}
        for fut in as_completed(futures):
            try:
                total += fut.result()
                count += 1
            except (OSError, ValueError) as exc:
                LOG.warning("skip %s: %s", futures[fut], exc)

    sealer.store_key(Path("archive") / f"{args.season}.key")
    sealer.write_manifest(out / "MANIFEST.json")
    LOG.info("season %s: %d files, %.1f MB sealed into %s", args.season, count, total / 1e6, out)


if __name__ == "__main__":
    main()
