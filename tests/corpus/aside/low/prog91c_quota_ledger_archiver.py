#!/usr/bin/env python3
"""Archive closed quota ledgers into monthly zip files.

The quota tracker writes one ledger per vessel per month (CSV or XLSX
exports of catch against allocation).  Once a month is closed the ledgers
are bundled into archive/quota-ledgers-YYYYMM.zip together with a manifest
that records each file's checksum, so unchanged files are skipped on the
next run.
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
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("ledger-archive")

LEDGER_SUFFIXES = {".csv", ".xlsx", ".xls", ".ods"}
STAGING = Path(".archive_staging")
MANIFEST = "manifest.json"


def iter_ledgers(root, min_age_days):
    cutoff = time.time() - min_age_days * 86400
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath, name)
            if p.suffix.lower() not in LEDGER_SUFFIXES:
                continue
            try:
                if p.stat().st_mtime <= cutoff:
                    yield p
            except OSError:
                continue


def cache_key(path, chunk=1 << 16):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def load_manifest(archive_dir):
    try:
        with open(archive_dir / MANIFEST) as fh:
            return json.load(fh)
    except (FileNotFoundError, json.JSONDecodeError):
        return {}


def stage_one(path, root):
    rel = path.relative_to(root)
    dest = STAGING / rel
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(path, dest)
    return str(rel), cache_key(dest)


def build_zip(archive_dir, month, staged):
    target = archive_dir / f"quota-ledgers-{month}.zip"
    mode = "a" if target.exists() else "w"
    with zipfile.ZipFile(target, mode, compression=zipfile.ZIP_DEFLATED) as zf:
        existing = set(zf.namelist())
        for rel in staged:
            if rel in existing:
                continue
            zf.write(STAGING / rel, arcname=rel)
    return target


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default="ledgers", help="ledger export folder")
    ap.add_argument("--archive", default="archive")
    ap.add_argument("--min-age", type=int, default=35, help="days since last change")
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    root = Path(args.root)
    if not root.is_dir():
        log.error("ledger folder %s does not exist", root)
        return 2
    archive_dir = Path(args.archive)
    archive_dir.mkdir(exist_ok=True)
    manifest = load_manifest(archive_dir)

    candidates = list(iter_ledgers(root, args.min_age))
    log.info("%d closed ledgers found under %s", len(candidates), root)
    if not candidates:
        return 0

    STAGING.mkdir(exist_ok=True)
    staged = []
    try:
        with ThreadPoolExecutor(max_workers=args.workers) as pool:
            for rel, key in pool.map(lambda p: stage_one(p, root), candidates):
                if manifest.get(rel) == key:
                    log.debug("unchanged: %s", rel)
                    continue
                manifest[rel] = key
                staged.append(rel)
        month = time.strftime("%Y%m")
        if staged:
            target = build_zip(archive_dir, month, staged)
            log.info("added %d ledgers to %s", len(staged), target)
        with open(archive_dir / MANIFEST, "w") as fh:
            json.dump(manifest, fh, indent=1, sort_keys=True)
    finally:
        shutil.rmtree(STAGING, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
