#!/usr/bin/env python3
"""Verify a source tree against a checksum manifest kept in the repository.

The manifest (manifest.json) maps relative paths to SHA-256 digests. This
tool reports added, removed and modified files, and caches per-file digests
in .integrity-cache/ keyed by path+mtime so re-runs are fast.
"""
import argparse
import hashlib
import json
import logging
import os
import platform
from pathlib import Path

LOG = logging.getLogger("manifest-check")
CACHE_DIR = Path(".integrity-cache")
CHUNK = 1 << 16
SKIP_DIRS = {".git", "__pycache__", ".integrity-cache", "node_modules"}


def os_label() -> str:
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            fields = dict(line.rstrip().split("=", 1) for line in fh if "=" in line)
        return fields.get("PRETTY_NAME", "").strip('"') or platform.system()
    except OSError:
        return platform.system()


def cache_key(path: Path) -> str:
    st = path.stat()
    raw = f"{path}:{st.st_mtime_ns}:{st.st_size}".encode()
    return hashlib.md5(raw, usedforsecurity=False).hexdigest()


def sha256_of(path: Path) -> str:
    key_file = CACHE_DIR / cache_key(path)
    if key_file.exists():
        return key_file.read_text()
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            digest.update(block)
    value = digest.hexdigest()
    key_file.write_text(value)
    return value


def walk(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            full = Path(dirpath) / name
            yield full.relative_to(root).as_posix(), full


def compare(root: Path, manifest: dict) -> dict:
    seen = {}
    for rel, full in walk(root):
        if rel == "manifest.json":
            continue
        seen[rel] = sha256_of(full)
    return {
        "added": sorted(set(seen) - set(manifest)),
        "removed": sorted(set(manifest) - set(seen)),
        "modified": sorted(p for p in set(seen) & set(manifest) if seen[p] != manifest[p]),
        "current": seen,
    }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", type=Path, default=Path("."))
    ap.add_argument("--manifest", type=Path, default=Path("manifest.json"))
    ap.add_argument("--update", action="store_true", help="rewrite manifest from disk")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    CACHE_DIR.mkdir(exist_ok=True)
    manifest = {}
    if args.manifest.exists():
        manifest = json.loads(args.manifest.read_text())

    result = compare(args.root, manifest)
    LOG.info("host: %s", os_label())
    for kind in ("added", "removed", "modified"):
        for rel in result[kind]:
            print(f"{kind:>9}  {rel}")

    if args.update:
        args.manifest.write_text(json.dumps(result["current"], indent=1, sort_keys=True))
        os.chmod(args.manifest, 0o600)
        LOG.info("manifest rewritten with %d entries", len(result["current"]))
        return 0
    drift = sum(len(result[k]) for k in ("added", "removed", "modified"))
    LOG.info("%d differences", drift)
    return 1 if drift else 0


if __name__ == "__main__":
    raise SystemExit(main())
