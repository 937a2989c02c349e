#!/usr/bin/env python3
"""Import release bundles from partner rescue centres.

Partners send a .tar.gz per transferred animal: a manifest.yaml with the
animal's details and release plan, plus photos and vet notes. This unpacks
each bundle into ./imports/<bundle>, validates the manifest and appends the
animal to our release records. Parsed manifests are cached so re-runs are
fast.
"""
import argparse
import csv
import hashlib
import logging
import os
import pickle
import sys
import tarfile

import yaml

log = logging.getLogger("partner-import")

IMPORT_DIR = "imports"
CACHE_FILE = ".manifest_cache.pkl"
RECORDS = "release_records.csv"
REQUIRED = ("species", "chip", "origin_centre", "release_site", "release_date")


def load_cache():
    if os.path.exists(CACHE_FILE):
        try:
            with open(CACHE_FILE, "rb") as fh:
                return pickle.load(fh)
        except (EOFError, pickle.UnpicklingError):
            log.warning("cache unreadable, starting fresh")
    return {}


def save_cache(cache):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(cache, fh)


def bundle_digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def unpack(bundle):
    name = os.path.basename(bundle).split(".")[0]
    dest = os.path.join(IMPORT_DIR, name)
    os.makedirs(dest, exist_ok=True)
    with tarfile.open(bundle, "r:*") as tar:
        tar.extractall(dest)
    return dest


def read_manifest(folder):
    path = os.path.join(folder, "manifest.yaml")
    with open(path, encoding="utf-8") as fh:
        # some partners use custom tags for dates and coordinates
        data = yaml.load(fh, Loader=yaml.Loader)
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        raise ValueError(f"manifest missing {', '.join(missing)}")
    return data


def append_record(manifest):
    new_file = not os.path.exists(RECORDS)
    with open(RECORDS, "a", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        if new_file:
            w.writerow(["species", "chip", "origin_centre", "release_site", "release_date", "lat", "lon"])
        coords = manifest.get("coordinates") or {}
        w.writerow([manifest["species"], manifest["chip"], manifest["origin_centre"],
                    manifest["release_site"], manifest["release_date"],
                    coords.get("lat", ""), coords.get("lon", "")])


def process(bundle, cache):
    digest = bundle_digest(bundle)
    if digest in cache:
        log.info("%s already imported (chip %s)", bundle, cache[digest].get("chip"))
        return False
    folder = unpack(bundle)
    manifest = read_manifest(folder)
    append_record(manifest)
    cache[digest] = manifest
    log.info("imported %s: %s chip %s", bundle, manifest["species"], manifest["chip"])
    return True


def main():
    ap = argparse.ArgumentParser(description="Import partner release bundles")
    ap.add_argument("bundles", nargs="+", help=".tar.gz bundles from partners")
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = {} if args.no_cache else load_cache()
    imported = failed = 0
    for bundle in args.bundles:
        try:
            imported += process(bundle, cache)
        except (tarfile.TarError, yaml.YAMLError, ValueError, OSError) as exc:
            log.error("%s: %s", bundle, exc)
            failed += 1
    save_cache(cache)
    log.info("%d imported, %d failed", imported, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
