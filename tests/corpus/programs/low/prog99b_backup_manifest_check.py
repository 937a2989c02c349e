#!/usr/bin/env python3
"""Backup set verifier.

Checks every file listed in a backup set's manifest.json (size + sha256) and
writes a short report next to it. Hashing a full imaging backup takes a
while, so results are cached by file identity (path, size, mtime) and only
files that changed since the last run are hashed again.
"""

import argparse
import datetime as dt
import hashlib
import json
import logging
import sys
from pathlib import Path

log = logging.getLogger("manifest_check")

CACHE_NAME = ".verify_cache.json"


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


class HashCache:
    def __init__(self, path):
        self.path = path
        try:
            self.data = json.loads(path.read_text())
        except (OSError, ValueError):
            self.data = {}
        self.hits = 0

    @staticmethod
    def key(p):
        st = p.stat()
        ident = f"{p.resolve()}|{st.st_size}|{st.st_mtime_ns}"
        return hashlib.md5(ident.encode()).hexdigest()

    def digest(self, p):
        k = self.key(p)
        if k in self.data:
            self.hits += 1
            return self.data[k]
        value = sha256_of(p)
        self.data[k] = value
        return value

    def save(self):
        self.path.write_text(json.dumps(self.data))


def check_manifest(backup_dir, cache):
    manifest = json.loads((backup_dir / "manifest.json").read_text())
    problems = []
    for entry in manifest["files"]:
        p = backup_dir / entry["path"]
        if not p.exists():
            problems.append(f"missing {entry['path']}")
        elif p.stat().st_size != entry["size"]:
            problems.append(f"size differs {entry['path']}")
        elif cache.digest(p) != entry["sha256"]:
            problems.append(f"checksum differs {entry['path']}")
    return manifest, problems


def write_report(backup_dir, manifest, problems):
    report = {
        "backup": manifest.get("name", backup_dir.name),
        "created": manifest.get("created"),
        "checked": dt.datetime.now().isoformat(timespec="seconds"),
        "files": len(manifest["files"]),
        "problems": problems,
        "ok": not problems,
    }
    out = backup_dir / "verify_report.json"
    out.write_text(json.dumps(report, indent=2))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("backup_dir", type=Path)
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not (args.backup_dir / "manifest.json").exists():
        log.error("no manifest.json in %s", args.backup_dir)
        return 2

    cache = HashCache(args.backup_dir / CACHE_NAME)
    if args.no_cache:
        cache.data = {}
    manifest, problems = check_manifest(args.backup_dir, cache)
    cache.save()
    for prob in problems:
        log.error(prob)
    out = write_report(args.backup_dir, manifest, problems)
    log.info("%d files checked (%d from cache), %d problems, report %s",
             len(manifest["files"]), cache.hits, len(problems), out)
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
