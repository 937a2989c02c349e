#!/usr/bin/env python3
"""Bundle past parent newsletters and attachments into a term archive.

The newsletters folder in the office share collects newsletters, consent
forms and class photos. This tool walks it, bundles every file past the
retention window into build/<term>.zip and keeps a small manifest of
content hashes so unchanged files are not re-read on the next run.
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
from pathlib import Path

log = logging.getLogger("archive-bundler")

BUILD_DIR = Path("build")
CACHE_FILE = BUILD_DIR / "hash_cache.json"
SUFFIXES = {".pdf", ".doc", ".docx", ".xls", ".xlsx", ".odt", ".ods",
            ".jpg", ".jpeg", ".png", ".heic", ".csv", ".pptx", ".txt"}


class Bundler:
    def __init__(self, retention_days, cache):
        self.cutoff = time.time() - retention_days * 86400
        self.cache = cache
        self.added = 0
        self.bytes = 0

    def wants(self, path):
        if path.suffix.lower() not in SUFFIXES:
            return False
        try:
            return path.stat().st_mtime <= self.cutoff
        except OSError:
            return False

    def cache_key(self, path):
        st = path.stat()
        return hashlib.md5(f"{path}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()

    def add(self, zf, path, base):
        key = self.cache_key(path)
        arcname = str(path.relative_to(base))
        if self.cache.get(arcname) == key and arcname in zf.namelist():
            return
        zf.write(path, arcname)
        self.cache[arcname] = key
        self.added += 1
        self.bytes += path.stat().st_size


def iter_candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            yield Path(dirpath) / name


def load_cache():
    try:
        return json.loads(CACHE_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def main(argv=None):
    ap = argparse.ArgumentParser(description="Bundle newsletters past retention")
    ap.add_argument("--source", type=Path, default=Path("newsletters"))
    ap.add_argument("--term", default=time.strftime("%Y-term"))
    ap.add_argument("--retention-days", type=int, default=365)
    ap.add_argument("--clean", action="store_true", help="remove build/ first")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")

    if args.clean and BUILD_DIR.exists():
        shutil.rmtree(BUILD_DIR)
        log.info("removed %s", BUILD_DIR)
    if not args.source.is_dir():
        log.error("source folder %s not found", args.source)
        return 2
    BUILD_DIR.mkdir(exist_ok=True)

    bundler = Bundler(args.retention_days, load_cache())
    archive = BUILD_DIR / f"{args.term}.zip"
    with zipfile.ZipFile(archive, "a", compression=zipfile.ZIP_DEFLATED) as zf:
        for path in iter_candidates(args.source):
            if not bundler.wants(path):
                continue
            try:
                bundler.add(zf, path, args.source)
            except OSError as exc:
                log.warning("could not add %s: %s", path, exc)

    CACHE_FILE.write_text(json.dumps(bundler.cache, indent=1), encoding="utf-8")
    log.info("added %d files (%.1f MB) to %s", bundler.added, bundler.bytes / 1e6, archive)
    return 0


if __name__ == "__main__":
    sys.exit(main())
