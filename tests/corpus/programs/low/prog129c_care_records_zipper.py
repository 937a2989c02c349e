#!/usr/bin/env python3
"""Bundle closed care records into dated archive zips.

Residents' care plans, daily notes and risk assessments have to be kept for
the retention period after a resident leaves, but they clutter the shared
records folder. This walks the records folder, picks up files not modified
for --older-than days, and packs them into archive/records_<date>.zip with a
JSON manifest (path, size, sha256, mtime). Originals are left in place and
listed in the manifest so the registered manager can sign off removal.
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

log = logging.getLogger("records-zip")

RECORD_SUFFIXES = {".docx", ".doc", ".pdf", ".xlsx", ".odt", ".ods", ".csv", ".jpg", ".png"}
SKIP_DIRS = {"archive", ".git", "__pycache__", "templates"}


def iter_candidates(root, older_than_days):
    cutoff = time.time() - older_than_days * 86400
    stack = [root]
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as it:
                entries = list(it)
        except PermissionError:
            log.warning("no access to %s, skipping", current)
            continue
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name not in SKIP_DIRS:
                    stack.append(entry.path)
            elif entry.is_file(follow_symlinks=False):
                if Path(entry.name).suffix.lower() not in RECORD_SUFFIXES:
                    continue
                st = entry.stat()
                if st.st_mtime < cutoff:
                    yield Path(entry.path), st


def sha256_of(path, bufsize=1 << 16):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(bufsize), b""):
            h.update(block)
    return h.hexdigest()


class RecordBundle:
    def __init__(self, root, dest):
        self.root = Path(root).resolve()
        self.dest = Path(dest)
        self.dest.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now().strftime("%Y%m%d_%H%M")
        self.zip_path = self.dest / ("records_%s.zip" % stamp)
        self.manifest = []

    def add_all(self, candidates, dry_run=False):
        if dry_run:
            for path, st in candidates:
                print("%10d  %s" % (st.st_size, path.relative_to(self.root)))
                self.manifest.append(str(path))
            return
        with zipfile.ZipFile(self.zip_path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
            for path, st in candidates:
                rel = path.relative_to(self.root)
                zf.write(path, arcname=str(rel))
                self.manifest.append({
                    "path": str(rel),
                    "size": st.st_size,
                    "mtime": datetime.fromtimestamp(st.st_mtime).isoformat(timespec="seconds"),
                    "sha256": sha256_of(path),
                })
            zf.writestr("MANIFEST.json", json.dumps(self.manifest, indent=2))

    def verify(self):
        with zipfile.ZipFile(self.zip_path) as zf:
            bad = zf.testzip()
        if bad:
            raise RuntimeError("archive check failed at %s" % bad)
        os.chmod(self.zip_path, 0o600)
        return len(self.manifest)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", default="care_records")
    ap.add_argument("--dest", default="archive")
    ap.add_argument("--older-than", type=int, default=365, metavar="DAYS")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    root = Path(args.source)
    if not root.is_dir():
        log.error("%s is not a directory", root)
        return 1
    bundle = RecordBundle(root, args.dest)
    bundle.add_all(iter_candidates(bundle.root, args.older_than), dry_run=args.dry_run)
    if args.dry_run:
        log.info("%d file(s) would be archived", len(bundle.manifest))
        return 0
    if not bundle.manifest:
        bundle.zip_path.unlink(missing_ok=True)
        log.info("nothing older than %d days", args.older_than)
        return 0
    count = bundle.verify()
    log.info("archived %d file(s) to %s; originals kept for manager sign-off", count, bundle.zip_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
