#!/usr/bin/env python3
"""Verify vendored third-party trees against vendor.yml and prune stale cache.

vendor.yml (in the project root) looks like:

    vendor_dir: third_party
    cache_dir: .vendor-cache
    packages:
      - {name: six, version: 1.16.0, sha256: 1e61c3...}

Each vendored package directory is hashed (sorted file walk, SHA-256) and
compared with the manifest.  Cache entries are keyed by an MD5 of
name+version; entries whose key no longer appears are deleted.
"""
import argparse
import hashlib
import json
import logging
import os
from pathlib import Path

import yaml

log = logging.getLogger("vendor-check")


def load_manifest(path):
    with open(path, "r", encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    data.setdefault("vendor_dir", "third_party")
    data.setdefault("cache_dir", ".vendor-cache")
    data.setdefault("packages", [])
    return data


def tree_digest(root):
    h = hashlib.sha256()
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            if name.endswith(".pyc"):
                continue
            full = Path(dirpath, name)
            h.update(str(full.relative_to(root)).encode())
            h.update(full.read_bytes())
    return h.hexdigest()


def cache_key(pkg):
    return hashlib.md5(f"{pkg['name']}=={pkg['version']}".encode()).hexdigest()


def verify(manifest, base):
    results = []
    vendor_root = base / manifest["vendor_dir"]
    for pkg in manifest["packages"]:
        pdir = vendor_root / pkg["name"]
        if not pdir.is_dir():
            results.append((pkg["name"], "missing"))
            continue
        digest = tree_digest(pdir)
        status = "ok" if digest == pkg.get("sha256") else f"drift ({digest[:12]})"
        results.append((pkg["name"], status))
    return results


def prune_cache(manifest, base, dry_run):
    cache = base / manifest["cache_dir"]
    if not cache.is_dir():
        return []
    wanted = {cache_key(p) for p in manifest["packages"]}
    removed = []
    for entry in cache.iterdir():
        if entry.is_file() and entry.stem not in wanted:
            removed.append(entry.name)
            if not dry_run:
                entry.unlink()
    return removed


def main():
    ap = argparse.ArgumentParser(description="check vendored packages")
    ap.add_argument("--manifest", default="vendor.yml")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--report", default="vendor-report.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    base = Path.cwd()
    manifest = load_manifest(base / args.manifest)
    results = verify(manifest, base)
    for name, status in results:
        (log.info if status == "ok" else log.warning)("%-24s %s", name, status)
    removed = prune_cache(manifest, base, args.dry_run)
    log.info("%s %d stale cache entries", "would remove" if args.dry_run else "removed", len(removed))

    with open(base / args.report, "w", encoding="utf-8") as fh:
        json.dump({"packages": dict(results), "pruned": removed}, fh, indent=2)
    return 0 if all(s == "ok" for _, s in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
