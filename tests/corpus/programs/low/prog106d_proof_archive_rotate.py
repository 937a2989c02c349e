#!/usr/bin/env python3
"""Rotate old inscription proofs into monthly archives.

Proof drawings (PDF, PNG, SVG, DXF) pile up in the proofs folder while a
family goes back and forth over wording.  Once an order is older than the
retention window its proofs are bundled into a monthly zip under ./archive
with a JSON index, so the drawing office can still find them.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
import zipfile
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("proof-rotate")

PROOF_SUFFIXES = {".pdf", ".png", ".svg", ".dxf", ".jpg", ".jpeg"}
INDEX_NAME = "index.json"


def iter_candidates(root, older_than_days):
    cutoff = time.time() - older_than_days * 86400
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            path = Path(dirpath, name)
            if path.suffix.lower() not in PROOF_SUFFIXES:
                continue
            try:
                st = path.stat()
            except OSError:
                continue
            if st.st_mtime < cutoff:
                yield path, st


def sha256_of(path):
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            digest.update(chunk)
    return digest.hexdigest()


class MonthlyArchive:
    def __init__(self, archive_dir):
        self.dir = Path(archive_dir)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.index_path = self.dir / INDEX_NAME
        self.index = json.loads(self.index_path.read_text()) if self.index_path.exists() else {}

    def bucket_for(self, mtime):
        return self.dir / f"proofs-{datetime.fromtimestamp(mtime):%Y-%m}.zip"

    def add(self, root, path, st):
        rel = str(path.relative_to(root))
        digest = sha256_of(path)
        if self.index.get(rel, {}).get("sha256") == digest:
            return False
        bucket = self.bucket_for(st.st_mtime)
        with zipfile.ZipFile(bucket, "a", compression=zipfile.ZIP_DEFLATED) as zf:
            zf.write(path, arcname=rel)
        self.index[rel] = {"archive": bucket.name, "sha256": digest,
                           "size": st.st_size, "modified": int(st.st_mtime)}
        return True

    def save(self):
        self.index_path.write_text(json.dumps(self.index, indent=1, sort_keys=True))


def rotate(root, archive_dir, days, dry_run=False):
    root = Path(root).resolve()
    archive = MonthlyArchive(archive_dir)
    added = seen = 0
    for path, st in iter_candidates(root, days):
        seen += 1
        if dry_run:
            LOG.info("would archive %s", path.relative_to(root))
            continue
        try:
            if archive.add(root, path, st):
                added += 1
                LOG.debug("archived %s", path.relative_to(root))
        except (OSError, zipfile.BadZipFile) as exc:
            LOG.error("%s: %s", path, exc)
    if not dry_run:
        archive.save()
    return seen, added


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default="proofs")
    ap.add_argument("--archive", default="archive")
    ap.add_argument("--days", type=int, default=180, help="retention window in days")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not Path(args.root).is_dir():
        LOG.error("no such folder: %s", args.root)
        return 1
    seen, added = rotate(args.root, args.archive, args.days, args.dry_run)
    LOG.info("%d proof(s) past retention, %d newly archived", seen, added)
    return 0


if __name__ == "__main__":
    sys.exit(main())
