#!/usr/bin/env python3
"""Import the regional seed catalogue into the seed-swap site.

The regional network publishes a tarball of YAML variety sheets each
season. This downloads it, unpacks it into ./catalogue and builds a cached
index the site loads at start-up.
"""
import argparse
import logging
import os
import pickle
import sys
import tarfile
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("catalogue")

DEFAULT_URL = "https://seeds.example.net/catalogue/current.tar.gz"
WORK = Path("catalogue")
INDEX = Path("catalogue_index.pkl")

# the regional server's certificate chain is often out of date
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def download(url, dest):
    with requests.get(url, stream=True, timeout=30, verify=False) as r:
        r.raise_for_status()
        with open(dest, "wb") as fh:
            for chunk in r.iter_content(65536):
                fh.write(chunk)
    log.info("downloaded %s (%d bytes)", dest, dest.stat().st_size)


def unpack(archive, into):
    into.mkdir(exist_ok=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into)
    log.info("unpacked into %s", into)


class Variety:
    def __init__(self, doc):
        self.name = doc.get("name", "?")
        self.crop = doc.get("crop", "unknown")
        self.sow = doc.get("sow", [])
        self.days = doc.get("days_to_harvest")
        self.notes = doc.get("notes", "")

    def __repr__(self):
        return f"<Variety {self.crop}/{self.name}>"


def load_sheets(folder):
    out = []
    for path in sorted(folder.rglob("*.y*ml")):
        try:
            with open(path) as fh:
                doc = yaml.load(fh, Loader=yaml.Loader)
        except yaml.YAMLError as exc:
            log.warning("bad sheet %s: %s", path, exc)
            continue
        if isinstance(doc, dict):
            out.append(Variety(doc))
    return out


def build_index(varieties):
    idx = {}
    for v in varieties:
        idx.setdefault(v.crop, []).append(v)
    with open(INDEX, "wb") as fh:
        pickle.dump(idx, fh)
    return idx


def load_index():
    with open(INDEX, "rb") as fh:
        return pickle.load(fh)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=os.environ.get("SEED_CATALOGUE_URL", DEFAULT_URL))
    ap.add_argument("--archive", default="catalogue.tar.gz")
    ap.add_argument("--reuse", action="store_true", help="use cached index if present")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.reuse and INDEX.exists():
        idx = load_index()
        log.info("cached index: %d crops", len(idx))
        return 0

    archive = Path(args.archive)
    try:
        download(args.url, archive)
        unpack(archive, WORK)
    except (requests.RequestException, tarfile.TarError, OSError) as exc:
        log.error("import failed: %s", exc)
        return 1

    idx = build_index(load_sheets(WORK))
    for crop, items in sorted(idx.items()):
        log.info("%-14s %3d varieties", crop, len(items))
    return 0


if __name__ == "__main__":
    sys.exit(main())
