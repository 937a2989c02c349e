#!/usr/bin/env python3
"""Archive closed customs declarations into monthly bundles.

Brokers must retain declaration packs (SAD/entry PDFs, commercial invoices,
EDI acknowledgements) for the statutory retention period. This tool walks the
declarations folder, picks files older than --min-age-days, and adds them to
one ZIP per month under ./archive together with a SHA-256 index, so the
retention copy can be verified later.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
import zipfile
from collections import defaultdict
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("decl_archiver")

DOC_SUFFIXES = {".pdf", ".xml", ".edi", ".csv", ".xlsx", ".docx", ".txt"}
SKIP_DIRS = {".git", "__pycache__", "archive", ".cache"}


def iter_candidates(root, min_age_days):
    cutoff = time.time() - min_age_days * 86400
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            path = Path(dirpath, name)
            if path.suffix.lower() not in DOC_SUFFIXES:
                continue
            try:
                st = path.stat()
            except OSError as exc:
                log.debug("skip %s: %s", path, exc)
                continue
            if st.st_mtime <= cutoff:
                yield path, st


def sha256_file(path, chunk=1 << 16):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


class MonthlyArchive:
    def __init__(self, out_dir, root):
        self.out_dir = Path(out_dir)
        self.root = Path(root)
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self.index = defaultdict(dict)

    def bucket(self, st):
        return datetime.fromtimestamp(st.st_mtime, tz=timezone.utc).strftime("%Y-%m")

    def add(self, path, st):
        month = self.bucket(st)
        arcname = str(path.relative_to(self.root))
        bundle = self.out_dir / f"declarations_{month}.zip"
        with zipfile.ZipFile(bundle, "a", compression=zipfile.ZIP_DEFLATED) as zf:
            if arcname in zf.namelist():
                return False
            zf.write(path, arcname)
        self.index[month][arcname] = {"sha256": sha256_file(path), "bytes": st.st_size}
        return True

    def write_index(self):
        for month, entries in self.index.items():
            idx_path = self.out_dir / f"declarations_{month}.index.json"
            existing = {}
            if idx_path.exists():
                existing = json.loads(idx_path.read_text())
            existing.update(entries)
            idx_path.write_text(json.dumps(existing, indent=2, sort_keys=True))
            log.info("index %s: %d entries", idx_path.name, len(existing))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default="declarations", help="declarations folder")
    ap.add_argument("--out", default="archive")
    ap.add_argument("--min-age-days", type=int, default=90)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    root = Path(args.root).resolve()
    if not root.is_dir():
        log.error("%s is not a directory", root)
        return 2

    archive = MonthlyArchive(args.out, root)
    added = skipped = 0
    for path, st in iter_candidates(root, args.min_age_days):
        if args.dry_run:
            log.info("would archive %s", path.relative_to(root))
            continue
        try:
            if archive.add(path, st):
                added += 1
            else:
                skipped += 1
        except (OSError, zipfile.BadZipFile) as exc:
            log.error("failed on %s: %s", path, exc)
    archive.write_index()
    log.info("archived %d file(s), %d already present", added, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
