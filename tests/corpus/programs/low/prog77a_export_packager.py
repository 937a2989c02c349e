#!/usr/bin/env python3
"""Package collection-database exports for transfer to the regional archive.

Walks ./exports (CSV, XML, JSON and PDF finding aids produced by the nightly
export job), encrypts each file with a Fernet key and writes the ciphertext
into ./sealed with the same relative layout, plus a manifest listing the
SHA-256 of every plaintext.  The key is kept in ./export.key (mode 600) and
is handed to the receiving archivist out of band.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("export-packager")
EXTENSIONS = {".csv", ".xml", ".json", ".pdf", ".txt", ".tsv"}


def load_or_create_key(path: Path) -> bytes:
    if path.exists():
        return path.read_bytes().strip()
    key = Fernet.generate_key()
    path.write_bytes(key + b"\n")
    os.chmod(path, 0o600)
    LOG.info("created new key at %s", path)
    return key


def walk_exports(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in EXTENSIONS:
                yield p


class Packager:
    def __init__(self, src: Path, dest: Path, key: bytes):
        self.src = src
        self.dest = dest
        self.fernet = Fernet(key)
        self.entries = []

    def seal_one(self, path: Path) -> dict:
        rel = path.relative_to(self.src)
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        out = self.dest / rel.with_name(rel.name + ".enc")
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(self.fernet.encrypt(data))
        LOG.debug("sealed %s", rel)
        return {"path": str(rel), "sha256": digest, "bytes": len(data)}

    def run(self, workers: int) -> int:
        files = list(walk_exports(self.src))
        if not files:
            LOG.warning("nothing to package under %s", self.src)
            return 0
        with ThreadPoolExecutor(max_workers=workers) as pool:
            for entry in pool.map(self.seal_one, files):
                self.entries.append(entry)
        manifest = {
            "created": datetime.now(timezone.utc).isoformat(),
            "source": str(self.src),
            "files": sorted(self.entries, key=lambda e: e["path"]),
        }
        (self.dest / "manifest.json").write_text(json.dumps(manifest, indent=2))
        return len(self.entries)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--src", type=Path, default=Path("exports"))
    ap.add_argument("--dest", type=Path, default=Path("sealed"))
    ap.add_argument("--key-file", type=Path, default=Path("export.key"))
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.src.is_dir():
        LOG.error("%s is not a directory", args.src)
        return 1
    args.dest.mkdir(parents=True, exist_ok=True)
    key = load_or_create_key(args.key_file)
    count = Packager(args.src, args.dest, key).run(args.workers)
    LOG.info("packaged %d files into %s", count, args.dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
