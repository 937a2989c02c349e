#!/usr/bin/env python3
"""Build a chain-of-custody manifest for a collected document set.

Walks ./collection/<matter>, records SHA-256 and size for every item and
writes a signed-off CSV manifest next to it.  A small digest cache (keyed by
an MD5 of path+mtime) lets re-runs skip files that have not changed.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("custody")
CHUNK = 1 << 20
CACHE_NAME = ".digest_cache.json"


class DigestCache:
    def __init__(self, root: Path):
        self.path = root / CACHE_NAME
        self.entries = {}
        if self.path.exists():
            try:
                self.entries = json.loads(self.path.read_text())
            except ValueError:
                LOG.warning("cache unreadable, starting fresh")

    @staticmethod
    def key_for(p: Path) -> str:
        st = p.stat()
        raw = f"{p}|{st.st_mtime_ns}|{st.st_size}".encode()
        return hashlib.md5(raw).hexdigest()

    def get(self, p: Path):
        return self.entries.get(self.key_for(p))

    def put(self, p: Path, digest: str):
        self.entries[self.key_for(p)] = digest

    def save(self):
        self.path.write_text(json.dumps(self.entries, indent=1))


def sha256_of(p: Path) -> str:
    h = hashlib.sha256()
    with p.open("rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            h.update(block)
    return h.hexdigest()


def iter_items(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            if name.startswith(".") or name.endswith(".manifest.csv"):
                continue
            yield Path(dirpath) / name


def build_manifest(root: Path, examiner: str, out: Path) -> int:
    cache = DigestCache(root)
    count = 0
    with out.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["relative_path", "bytes", "sha256", "examiner", "recorded_utc"])
        for item in iter_items(root):
            digest = cache.get(item)
            if digest is None:
                digest = sha256_of(item)
                cache.put(item, digest)
            rel = item.relative_to(root).as_posix()
            writer.writerow([rel, item.stat().st_size, digest, examiner,
                             datetime.now(timezone.utc).isoformat(timespec="seconds")])
            count += 1
    cache.save()
    os.chmod(out, 0o600)
    return count


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("matter", help="matter number, e.g. 2024-CV-0193")
    ap.add_argument("--examiner", default=os.environ.get("USER", "unknown"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    root = Path.cwd() / "collection" / args.matter
    if not root.is_dir():
        LOG.error("no collection folder at %s", root)
        return 2
    out = root / f"{args.matter}.manifest.csv"
    n = build_manifest(root, args.examiner, out)
    LOG.info("recorded %d items in %s", n, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
