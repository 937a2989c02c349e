#!/usr/bin/env python3
"""Verify lesson recordings before they are archived.

Walks the recordings folder under the current directory, computes SHA-256
for every audio file and compares it with the manifest from last time, so
corrupted or silently changed files are spotted before the term archive.
A small MD5-keyed cache avoids re-hashing unchanged files.
"""
import argparse
import hashlib
import json
import logging
import os
from pathlib import Path

log = logging.getLogger("rec_checksums")

AUDIO_EXT = {".wav", ".mp3", ".m4a", ".flac", ".mid"}
CACHE_DIR = Path(".checksum_cache")


def cache_key(path, stat):
    raw = f"{path}:{stat.st_size}:{int(stat.st_mtime)}".encode()
    return hashlib.md5(raw).hexdigest()


def sha256_file(path, chunk=1 << 20):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while True:
            block = fh.read(chunk)
            if not block:
                break
            h.update(block)
    return h.hexdigest()


class Checker:
    def __init__(self, root, use_cache=True):
        self.root = root
        self.use_cache = use_cache
        CACHE_DIR.mkdir(exist_ok=True)

    def digest(self, path):
        st = path.stat()
        cfile = CACHE_DIR / cache_key(path, st)
        if self.use_cache and cfile.exists():
            return cfile.read_text().strip()
        value = sha256_file(path)
        cfile.write_text(value)
        return value

    def scan(self):
        result = {}
        for dirpath, _dirs, files in os.walk(self.root):
            for name in sorted(files):
                p = Path(dirpath) / name
                if p.suffix.lower() in AUDIO_EXT:
                    result[str(p.relative_to(self.root))] = self.digest(p)
        return result


def compare(old, new):
    added = sorted(set(new) - set(old))
    removed = sorted(set(old) - set(new))
    changed = sorted(k for k in set(old) & set(new) if old[k] != new[k])
    return added, removed, changed


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", type=Path, default=Path("recordings"))
    parser.add_argument("--manifest", type=Path, default=Path("recordings_manifest.json"))
    parser.add_argument("--no-cache", action="store_true")
    parser.add_argument("--clear-cache", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.iterdir():
            f.unlink()
        log.info("cache cleared")

    current = Checker(args.root, use_cache=not args.no_cache).scan()
    previous = json.loads(args.manifest.read_text()) if args.manifest.exists() else {}

    added, removed, changed = compare(previous, current)
    for label, items in (("new", added), ("missing", removed), ("CHANGED", changed)):
        for item in items:
            log.info("%-8s %s", label, item)

    args.manifest.write_text(json.dumps(current, indent=2, sort_keys=True))
    args.manifest.chmod(0o600)
    log.info("%d files checked, %d changed", len(current), len(changed))
    return 1 if changed else 0


if __name__ == "__main__":
    raise SystemExit(main())
