#!/usr/bin/env python3
"""Cheese recipe archive.

Make-sheets, starter culture schedules and affinage notes are the crown
jewels of a small creamery.  This tool sweeps the recipe folder into a
dated zip archive (only documents that changed since the last run are
added again) so the archive can be copied to shared storage.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import os
import sys
import zipfile
from pathlib import Path

log = logging.getLogger("archive")

DOC_TYPES = {".doc", ".docx", ".xls", ".xlsx", ".ods", ".odt", ".pdf", ".csv",
             ".txt", ".md", ".jpg", ".jpeg", ".png", ".sqlite", ".db"}
SKIP_DIRS = {".cache", "archives", ".git", "__pycache__"}
CACHE_FILE = Path(".recipe_archive_cache.json")


def candidates(root):
    """Yield every document under root."""
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath, name)
            if p.suffix.lower() in DOC_TYPES:
                yield p


def digest(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def load_cache():
    try:
        return json.loads(CACHE_FILE.read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return {}


class Archiver:
    def __init__(self, root, out_dir, cache, full=False):
        self.root = Path(root)
        stamp = dt.date.today().isoformat()
        out_dir = Path(out_dir)
        out_dir.mkdir(parents=True, exist_ok=True)
        self.target = out_dir / f"recipes_{stamp}.zip"
        self.cache = cache
        self.full = full
        self.manifest = []

    def run(self, files):
        added = 0
        with zipfile.ZipFile(self.target, "a", compression=zipfile.ZIP_DEFLATED) as zf:
            existing = set(zf.namelist())
            for path in files:
                rel = str(path.relative_to(self.root))
                try:
                    key = digest(path)
                except OSError as exc:
                    log.warning("cannot read %s: %s", path, exc)
                    continue
                if not self.full and self.cache.get(rel) == key:
                    continue
                if rel in existing:
                    continue
                zf.write(path, arcname=rel)
                self.cache[rel] = key
                self.manifest.append({"file": rel, "md5": key, "bytes": path.stat().st_size})
                added += 1
                log.debug("added %s", rel)
        return added


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default="recipes",
                    help="recipe folder (default: ./recipes)")
    ap.add_argument("--out", default="archives")
    ap.add_argument("--full", action="store_true", help="ignore the change cache")
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_FILE.exists():
        CACHE_FILE.unlink()
    if not Path(args.root).is_dir():
        log.error("no recipe folder at %s", args.root)
        return 1

    cache = load_cache()
    arch = Archiver(args.root, args.out, cache, args.full)
    added = arch.run(candidates(args.root))
    CACHE_FILE.write_text(json.dumps(cache, indent=1, sort_keys=True))
    if arch.manifest:
        mf = arch.target.with_suffix(".manifest.json")
        mf.write_text(json.dumps(arch.manifest, indent=2))
    print(f"{added} document(s) archived to {arch.target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
