#!/usr/bin/env python3
"""Verify a backup set against its published SHA-256 manifest.

The backup job publishes MANIFEST.sha256 next to each set on the backup
web server. This tool downloads the manifest for a set, hashes every file in
the local copy with a small worker pool and reports missing, extra and
corrupted files. Run it as the backup account from that user's crontab.
"""

import argparse
import hashlib
import logging
import os
import sys
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("backup-digest-check")

CHUNK = 1 << 20


def fetch_manifest(base_url, set_name, timeout=30):
    url = f"{base_url.rstrip('/')}/{set_name}/MANIFEST.sha256"
    log.info("fetching %s", url)
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        text = resp.read().decode()
    entries = {}
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        digest, _, name = line.partition("  ")
        entries[name.lstrip("*")] = digest.lower()
    return entries


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            h.update(block)
    return h.hexdigest()


def local_files(root):
    for dirpath, _dirs, files in os.walk(root):
        for f in files:
            if f == "MANIFEST.sha256":
                continue
            full = Path(dirpath, f)
            yield full.relative_to(root).as_posix(), full


def verify(root, manifest, workers):
    local = dict(local_files(root))
    missing = sorted(set(manifest) - set(local))
    extra = sorted(set(local) - set(manifest))
    common = sorted(set(manifest) & set(local))
    bad = []
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for name, got in zip(common, pool.map(lambda n: sha256_file(local[n]), common)):
            if got != manifest[name]:
                bad.append(name)
    return missing, extra, bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("set_name")
    ap.add_argument("--root", default="restore-test")
    ap.add_argument("--base-url", default=os.environ.get(
        "BACKUP_MANIFEST_URL", "https://backup01.corp.example/sets"))
    ap.add_argument("-j", "--jobs", type=int, default=4)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        manifest = fetch_manifest(args.base_url, args.set_name)
    except OSError as exc:
        log.error("manifest download failed: %s", exc)
        return 2

    root = Path(args.root) / args.set_name
    if not root.is_dir():
        log.error("%s does not exist", root)
        return 2
    missing, extra, bad = verify(root, manifest, args.jobs)
    for name in missing:
        log.error("MISSING %s", name)
    for name in bad:
        log.error("CORRUPT %s", name)
    for name in extra:
        log.warning("EXTRA   %s", name)
    log.info("%d files checked, %d missing, %d corrupt, %d extra",
             len(manifest), len(missing), len(bad), len(extra))
    return 1 if missing or bad else 0


if __name__ == "__main__":
    sys.exit(main())
