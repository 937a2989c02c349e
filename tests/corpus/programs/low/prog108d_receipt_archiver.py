#!/usr/bin/env python3
"""Fuel dock till receipt archiver.

Collects the till's receipt files (PDF slips and JSON journals) from the
working directory's receipts/ folder, encrypts each into archive/<YYYY-MM>/
and keeps an index with checksums for the harbour accounts audit.
Originals stay in place until the till's own retention job removes them.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from datetime import datetime
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("receipts")

RECEIPT_EXT = {".pdf", ".json", ".csv", ".txt"}


def load_or_create_key(path):
    p = Path(path)
    if p.exists():
        return p.read_bytes().strip()
    key = Fernet.generate_key()
    p.write_bytes(key + b"\n")
    os.chmod(p, 0o600)
    log.info("created archive key %s", p)
    return key


def iter_receipts(src):
    for root, _dirs, files in os.walk(src):
        for name in sorted(files):
            p = Path(root) / name
            if p.suffix.lower() in RECEIPT_EXT:
                yield p


class Archiver:
    def __init__(self, src, dest, key):
        self.src = Path(src)
        self.dest = Path(dest)
        self.fernet = Fernet(key)
        self.index_path = self.dest / "index.json"
        self.index = json.loads(self.index_path.read_text()) if self.index_path.exists() else {}

    def _target(self, p):
        month = datetime.fromtimestamp(p.stat().st_mtime).strftime("%Y-%m")
        rel = p.relative_to(self.src)
        return self.dest / month / (str(rel).replace(os.sep, "__") + ".enc")

    def archive_one(self, p):
        data = p.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        rel = str(p.relative_to(self.src))
        if self.index.get(rel, {}).get("sha256") == digest:
            return rel, None
        target = self._target(p)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(self.fernet.encrypt(data))
        return rel, {"sha256": digest, "archive": str(target.relative_to(self.dest)),
                     "size": len(data), "archived_at": datetime.now().isoformat(timespec="seconds")}

    def run(self, workers=4):
        done = 0
        with ThreadPoolExecutor(max_workers=workers) as pool:
            futs = [pool.submit(self.archive_one, p) for p in iter_receipts(self.src)]
            for f in as_completed(futs):
                try:
                    rel, entry = f.result()
                except OSError as exc:
                    log.warning("skipped: %s", exc)
                    continue
                if entry:
                    self.index[rel] = entry
                    done += 1
        self.dest.mkdir(parents=True, exist_ok=True)
        self.index_path.write_text(json.dumps(self.index, indent=1, sort_keys=True))
        return done


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", default="receipts")
    ap.add_argument("--dest", default="archive")
    ap.add_argument("--key-file", default="archive.key")
    ap.add_argument("--workers", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.src).is_dir():
        log.error("no receipts folder at %s", args.src)
        return 2
    key = load_or_create_key(args.key_file)
    n = Archiver(args.src, args.dest, key).run(args.workers)
    log.info("archived %d new or changed receipts into %s", n, args.dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
