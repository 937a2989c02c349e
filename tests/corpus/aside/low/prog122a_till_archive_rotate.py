#!/usr/bin/env python3
"""Roll old till exports up into monthly zip archives.

The till writes a CSV/PDF per Z-read into ./till_exports and after a year
that folder has thousands of files and the accountant's sync tool crawls.
This walks the exports, packs anything older than --keep-days into
./archive/YYYY-MM.zip (one per month), records an MD5 per file in the
archive manifest so re-runs skip what is already packed, and clears its own
scratch cache at the end.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import sys
import time
import zipfile
from collections import defaultdict
from datetime import datetime
from pathlib import Path

log = logging.getLogger("tillrotate")

EXTENSIONS = {".csv", ".pdf", ".xlsx", ".json", ".txt"}
CACHE_DIR = Path(".rotate_cache")


def file_key(path, chunk=1 << 16):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def iter_candidates(root, keep_days):
    cutoff = time.time() - keep_days * 86400
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() not in EXTENSIONS:
                continue
            try:
                st = p.stat()
            except OSError:
                continue
            if st.st_mtime < cutoff:
                yield p, st.st_mtime


def load_manifest(archive_dir):
    m = archive_dir / "manifest.json"
    return json.loads(m.read_text()) if m.exists() else {}


def save_manifest(archive_dir, manifest):
    m = archive_dir / "manifest.json"
    tmp = CACHE_DIR / "manifest.json.part"
    tmp.write_text(json.dumps(manifest, indent=1, sort_keys=True))
    shutil.move(str(tmp), str(m))
    os.chmod(m, 0o600)


class Packer:
    def __init__(self, root, archive_dir, dry_run=False):
        self.root = Path(root)
        self.archive_dir = Path(archive_dir)
        self.dry_run = dry_run
        self.manifest = load_manifest(self.archive_dir)

    def plan(self, keep_days):
        months = defaultdict(list)
        for p, mtime in iter_candidates(self.root, keep_days):
            key = file_key(p)
            rel = str(p.relative_to(self.root))
            if self.manifest.get(rel) == key:
                continue
            months[datetime.fromtimestamp(mtime).strftime("%Y-%m")].append((p, rel, key))
        return months

    def pack(self, months):
        packed = 0
        for month, entries in sorted(months.items()):
            target = self.archive_dir / f"{month}.zip"
            log.info("%s: %d files -> %s", month, len(entries), target)
            if self.dry_run:
                continue
            with zipfile.ZipFile(target, "a", compression=zipfile.ZIP_DEFLATED) as zf:
                existing = set(zf.namelist())
                for p, rel, key in entries:
                    if rel not in existing:
                        zf.write(p, arcname=rel)
                    self.manifest[rel] = key
                    packed += 1
            os.chmod(target, 0o600)
        return packed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default="till_exports")
    ap.add_argument("--archive", default="archive")
    ap.add_argument("--keep-days", type=int, default=90)
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.root).is_dir():
        log.error("no such folder: %s", args.root)
        return 1
    Path(args.archive).mkdir(exist_ok=True)
    CACHE_DIR.mkdir(exist_ok=True)
    try:
        packer = Packer(args.root, args.archive, args.dry_run)
        months = packer.plan(args.keep_days)
        if not months:
            log.info("nothing older than %d days to pack", args.keep_days)
            return 0
        n = packer.pack(months)
        if not args.dry_run:
            save_manifest(packer.archive_dir, packer.manifest)
        log.info("packed %d files into %d monthly archives", n, len(months))
        return 0
    finally:
        shutil.rmtree(CACHE_DIR, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
