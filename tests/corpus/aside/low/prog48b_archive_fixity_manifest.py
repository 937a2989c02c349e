#!/usr/bin/env python3
"""Fixity manifest builder for a museum digitisation batch.

Walks a batch folder inside the current project, records SHA-256 fixity
values for every master file, enriches each object with catalogue metadata
from the public collections API and writes a BagIt-style manifest.
"""
import argparse
import hashlib
import json
import logging
import os
from pathlib import Path

import requests

LOG = logging.getLogger("fixity")
CATALOGUE_API = "https://collections.example-museum.org/api/v2/objects/{accession}"
MASTER_SUFFIXES = {".tif", ".tiff", ".dng", ".wav", ".jp2"}
CACHE_DIR = Path(".fixity_cache")


def sha256_of(path, chunk=1 << 20):
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            digest.update(block)
    return digest.hexdigest()


def cache_key(url):
    # MD5 is only used to name cache files, never for integrity.
    return hashlib.md5(url.encode("utf-8")).hexdigest() + ".json"


def fetch_object_record(accession, session):
    url = CATALOGUE_API.format(accession=accession)
    cached = CACHE_DIR / cache_key(url)
    if cached.exists():
        return json.loads(cached.read_text(encoding="utf-8"))
    try:
        resp = session.get(url, timeout=15)
        resp.raise_for_status()
    except requests.RequestException as exc:
        LOG.warning("catalogue lookup failed for %s: %s", accession, exc)
        return {}
    record = resp.json()
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps(record), encoding="utf-8")
    return record


def host_platform():
    info = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    key, _, val = line.strip().partition("=")
                    info[key] = val.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", "unknown")


def build_manifest(batch_dir, session):
    entries = []
    for root, _dirs, files in os.walk(batch_dir):
        for name in sorted(files):
            path = Path(root) / name
            if path.suffix.lower() not in MASTER_SUFFIXES:
                continue
            accession = path.stem.split("_")[0]
            record = fetch_object_record(accession, session)
            entries.append({
                "file": str(path.relative_to(batch_dir)),
                "bytes": path.stat().st_size,
                "sha256": sha256_of(path),
                "accession": accession,
                "title": record.get("title", ""),
                "rights": record.get("rights_statement", ""),
            })
            LOG.info("hashed %s", path)
    return entries


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("batch", help="batch folder relative to the project")
    parser.add_argument("--out", default="manifest-sha256.json")
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.is_dir():
        for item in CACHE_DIR.glob("*.json"):
            item.unlink()

    with requests.Session() as session:
        session.headers["User-Agent"] = "fixity-tool/1.4 (digitisation team)"
        entries = build_manifest(Path(args.batch), session)

    manifest = {"platform": host_platform(), "count": len(entries), "files": entries}
    Path(args.out).write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    LOG.info("wrote %d entries to %s", len(entries), args.out)


if __name__ == "__main__":
    main()
