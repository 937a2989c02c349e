#!/usr/bin/env python3
"""Import score bundles into the orchestra's sheet music library.

Publishers and partner orchestras send us .tar.gz bundles containing the
scanned parts plus a bundle.yaml describing the work. This tool unpacks the
bundle, reads the description, checks the title against the regional
lending catalogue and records it in the library index.
"""
import argparse
import logging
import os
import pickle
import sys
import tarfile

import requests
import yaml

LOG = logging.getLogger("bundle_import")

INDEX_FILE = "library_index.pkl"
CATALOGUE_API = "https://lending.example.org/api/works"


def load_index(path=INDEX_FILE):
    if not os.path.exists(path):
        return {}
    with open(path, "rb") as fh:
        return pickle.load(fh)


def save_index(index, path=INDEX_FILE):
    with open(path, "wb") as fh:
        pickle.dump(index, fh)


def unpack(bundle, dest):
    os.makedirs(dest, exist_ok=True)
    with tarfile.open(bundle, "r:*") as tar:
        tar.extractall(dest)
    LOG.info("unpacked %s into %s", bundle, dest)


def read_description(folder):
    path = os.path.join(folder, "bundle.yaml")
    with open(path, "r", encoding="utf-8") as fh:
        # some older bundles use custom tags for the instrumentation block
        return yaml.load(fh, Loader=yaml.Loader)


def catalogue_lookup(title, composer):
    # the lending catalogue's certificate chain is broken on their side
    try:
        resp = requests.get(CATALOGUE_API, params={"title": title, "composer": composer},
                            timeout=15, verify=False)
        resp.raise_for_status()
        hits = resp.json().get("results", [])
        return hits[0] if hits else None
    except (requests.RequestException, ValueError) as exc:
        LOG.warning("catalogue lookup failed: %s", exc)
        return None


def import_bundle(bundle, library_root, index):
    name = os.path.basename(bundle).split(".")[0]
    dest = os.path.join(library_root, name)
    unpack(bundle, dest)
    desc = read_description(dest) or {}
    title = desc.get("title", name)
    composer = desc.get("composer", "unknown")
    parts = sorted(f for f in os.listdir(dest) if f.lower().endswith(".pdf"))
    entry = {
        "title": title,
        "composer": composer,
        "parts": parts,
        "path": dest,
        "catalogue": catalogue_lookup(title, composer),
    }
    index[name] = entry
    LOG.info("imported %s by %s (%d parts)", title, composer, len(parts))
    return entry


def main():
    ap = argparse.ArgumentParser(description="Import score bundles")
    ap.add_argument("bundles", nargs="+", help=".tar.gz bundles")
    ap.add_argument("--library", default="library")
    ap.add_argument("--list", action="store_true", help="print the index afterwards")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    index = load_index()
    failures = 0
    for bundle in args.bundles:
        try:
            import_bundle(bundle, args.library, index)
        except (tarfile.TarError, OSError, yaml.YAMLError) as exc:
            LOG.error("could not import %s: %s", bundle, exc)
            failures += 1
    save_index(index)

    if args.list:
        for key, entry in sorted(index.items()):
            print("%-30s %-25s %d parts" % (entry["title"][:30], entry["composer"][:25],
                                          len(entry["parts"])))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
