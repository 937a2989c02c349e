#!/usr/bin/env python3
"""Import a publisher's catalogue bundle into the music library index.

Publishers send a .tar.gz containing a catalogue.yaml (titles, grades,
instrumentation) and sample PDFs. The import unpacks the bundle, reads the
catalogue and merges it into a local index that is cached between runs.
"""
import argparse
import logging
import os
import pickle
import sys
import tarfile

import requests
import urllib3
import yaml

log = logging.getLogger("catalogue")

INDEX_CACHE = "catalogue_index.pkl"
WORK_DIR = "catalogue_work"

# the publisher portal uses a self-signed certificate
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class CatalogueIndex:
    def __init__(self):
        self.entries = {}

    @classmethod
    def load(cls, path):
        if os.path.exists(path):
            with open(path, "rb") as fh:
                return pickle.load(fh)
        return cls()

    def save(self, path):
        with open(path, "wb") as fh:
            pickle.dump(self, fh)

    def merge(self, publisher, items):
        added = 0
        for item in items:
            key = f"{publisher}:{item.get('code')}"
            if key not in self.entries:
                added += 1
            self.entries[key] = {
                "title": item.get("title"),
                "grade": item.get("grade"),
                "parts": item.get("parts", []),
            }
        return added


def fetch_bundle(url, dest):
    log.info("downloading %s", url)
    resp = requests.get(url, timeout=60, verify=False)
    resp.raise_for_status()
    with open(dest, "wb") as fh:
        fh.write(resp.content)
    return dest


def unpack(bundle, workdir):
    os.makedirs(workdir, exist_ok=True)
    with tarfile.open(bundle, "r:gz") as tar:
        tar.extractall(workdir)
    return os.path.join(workdir, "catalogue.yaml")


def read_catalogue(path):
    with open(path, encoding="utf-8") as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(doc, dict) or "items" not in doc:
        raise ValueError("catalogue.yaml has no items list")
    return doc.get("publisher", "unknown"), doc["items"]


def main():
    ap = argparse.ArgumentParser(description="Import a publisher catalogue")
    ap.add_argument("source", help="bundle path or https URL")
    ap.add_argument("--cache", default=INDEX_CACHE)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bundle = args.source
    if bundle.startswith("https://"):
        try:
            bundle = fetch_bundle(bundle, "bundle.tar.gz")
        except requests.RequestException as exc:
            log.error("download failed: %s", exc)
            return 1

    try:
        cat_path = unpack(bundle, WORK_DIR)
        publisher, items = read_catalogue(cat_path)
    except (tarfile.TarError, OSError, ValueError, yaml.YAMLError) as exc:
        log.error("could not read bundle: %s", exc)
        return 1

    index = CatalogueIndex.load(args.cache)
    added = index.merge(publisher, items)
    index.save(args.cache)
    log.info("%s: %d items, %d new, index now %d", publisher, len(items), added,
             len(index.entries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
