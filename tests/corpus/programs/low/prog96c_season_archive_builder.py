#!/usr/bin/env python3
"""Season archive builder.

At the end of each season the box office bundles the ticketing exports
(season-ticket holder lists, refund sheets, attendance reports) from
``./season_exports`` into one zip per season for the records team. A small
hash cache means re-running the tool only re-reads files that changed.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import sys
import zipfile
from pathlib import Path

log = logging.getLogger("archive_builder")

DOC_TYPES = {".csv", ".xlsx", ".xls", ".docx", ".pdf", ".txt", ".ods", ".odt"}
SKIP_DIRS = {".cache", "__pycache__", ".git"}
CACHE_DIR = Path(".cache/archive_builder")


class HashCache:
    """Maps path+mtime+size to a content digest so unchanged files are not re-hashed."""

    def __init__(self, season):
        self.file = CACHE_DIR / f"{season}.json"
        try:
            self.entries = json.loads(self.file.read_text())
        except (OSError, ValueError):
            self.entries = {}

    @staticmethod
    def key(path):
        st = path.stat()
        return hashlib.md5(f"{path}:{st.st_mtime_ns}:{st.st_size}".encode()).hexdigest()

    def digest(self, path):
        k = self.key(path)
        if k not in self.entries:
            h = hashlib.sha256()
            with path.open("rb") as fh:
                for chunk in iter(lambda: fh.read(1 << 20), b""):
                    h.update(chunk)
            self.entries[k] = h.hexdigest()
        return self.entries[k]

    def save(self):
        self.file.parent.mkdir(parents=True, exist_ok=True)
        self.file.write_text(json.dumps(self.entries))


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath, name)
            if p.suffix.lower() in DOC_TYPES:
                yield p


def build(season, root, out_dir, cache):
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"season-{season}.zip"
    manifest, total = {}, 0
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path in candidates(root):
            try:
                rel = path.relative_to(root)
                manifest[str(rel)] = cache.digest(path)
                zf.write(path, arcname=str(rel))
                total += path.stat().st_size
                log.debug("added %s", rel)
            except OSError as exc:
                log.warning("skip %s: %s", path, exc)
        zf.writestr("MANIFEST.json", json.dumps(manifest, indent=2, sort_keys=True))
    os.chmod(target, 0o600)
    return target, len(manifest), total


def main(argv=None):
    ap = argparse.ArgumentParser(description="Bundle end-of-season ticketing exports")
    ap.add_argument("season", help="season label, e.g. 2023-24")
    ap.add_argument("--root", type=Path, default=Path("season_exports"))
    ap.add_argument("--out", type=Path, default=Path("archives"))
    ap.add_argument("--clean-cache", action="store_true", help="drop the hash cache afterwards")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.root.is_dir():
        log.error("export directory %s not found", args.root)
        return 2
    cache = HashCache(args.season)
    target, count, total = build(args.season, args.root, args.out, cache)
    if args.clean_cache:
        shutil.rmtree(CACHE_DIR, ignore_errors=True)
    else:
        cache.save()
    log.info("season %s: %d documents (%.1f MB) -> %s", args.season, count, total / 1e6, target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
