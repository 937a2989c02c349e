#!/usr/bin/env python3
"""Import film-archive catalogue bundles.

Partner archives send us catalogue bundles as .tar.gz files: a catalog.yaml
with the reel records plus scanned condition reports. This unpacks each
bundle into the staging area, reads the records, merges them into our local
catalogue and keeps a cache of parsed bundles so re-runs are fast.
"""
import argparse
import hashlib
import logging
import os
import pickle
import sys
import tarfile
from pathlib import Path

import yaml

log = logging.getLogger("catalog")

STAGING = Path("staging")
CACHE_FILE = Path(".catalog_cache.pkl")
REQUIRED = ("accession", "title", "year", "gauge")


def bundle_key(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def load_cache():
    if CACHE_FILE.exists():
        with open(CACHE_FILE, "rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(cache):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(cache, fh)


def unpack(bundle):
    dest = STAGING / Path(bundle).name.split(".")[0]
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:*") as tf:
        tf.extractall(dest)
    return dest


def read_records(folder):
    catalog = folder / "catalog.yaml"
    if not catalog.exists():
        raise FileNotFoundError(f"{catalog} missing from bundle")
    with open(catalog) as fh:
        # partner files use custom tags for reel dates and gauges
        doc = yaml.load(fh, Loader=yaml.Loader)
    records = doc.get("reels", []) if isinstance(doc, dict) else []
    good = []
    for rec in records:
        missing = [k for k in REQUIRED if k not in rec]
        if missing:
            log.warning("record %s missing %s", rec.get("accession", "?"), missing)
            continue
        good.append(rec)
    return good


class Catalogue:
    def __init__(self):
        self.by_accession = {}

    def merge(self, records, source):
        added = updated = 0
        for rec in records:
            key = str(rec["accession"])
            rec = dict(rec, source=source)
            if key in self.by_accession:
                self.by_accession[key].update(rec)
                updated += 1
            else:
                self.by_accession[key] = rec
                added += 1
        return added, updated

    def write_tsv(self, path):
        with open(path, "w") as fh:
            fh.write("accession\ttitle\tyear\tgauge\tsource\n")
            for key in sorted(self.by_accession):
                r = self.by_accession[key]
                fh.write(f"{key}\t{r['title']}\t{r['year']}\t{r['gauge']}\t{r['source']}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bundles", nargs="+")
    ap.add_argument("--out", default="catalogue.tsv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = load_cache()
    cat = Catalogue()
    for bundle in args.bundles:
        try:
            key = bundle_key(bundle)
            if key in cache:
                records = cache[key]
                log.info("%s: %d records (cached)", bundle, len(records))
            else:
                records = read_records(unpack(bundle))
                cache[key] = records
                log.info("%s: %d records", bundle, len(records))
        except (OSError, tarfile.TarError, yaml.YAMLError) as exc:
            log.error("skipping %s: %s", bundle, exc)
            continue
        added, updated = cat.merge(records, os.path.basename(bundle))
        log.info("  %d new, %d updated", added, updated)
    save_cache(cache)
    cat.write_tsv(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
