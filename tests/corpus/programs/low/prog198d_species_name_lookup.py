#!/usr/bin/env python3
"""Check species names on field sheets against the GBIF backbone taxonomy.

Results are cached in ./.taxon_cache so repeated runs work offline.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("species-lookup")

API = "https://api.gbif.org/v1/species/match"
CACHE_DIR = Path(".taxon_cache")


class TaxonCache:
    def __init__(self, folder):
        self.folder = folder
        self.folder.mkdir(exist_ok=True)

    def _path(self, name):
        key = hashlib.md5(name.lower().encode("utf-8")).hexdigest()
        return self.folder / (key + ".json")

    def get(self, name):
        p = self._path(name)
        if p.exists():
            return json.loads(p.read_text(encoding="utf-8"))
        return None

    def put(self, name, data):
        p = self._path(name)
        p.write_text(json.dumps(data), encoding="utf-8")
        os.chmod(p, 0o600)

    def clear(self):
        for p in self.folder.glob("*.json"):
            p.unlink()


def match(session, name, timeout):
    r = session.get(API, params={"name": name, "kingdom": "Animalia"}, timeout=timeout)
    r.raise_for_status()
    return r.json()


def describe(name, data):
    status = data.get("matchType", "NONE")
    if status == "NONE":
        return "%-30s NOT FOUND" % name
    return "%-30s %-8s %s (%s, confidence %s)" % (
        name, status, data.get("scientificName", "?"),
        data.get("family", "?"), data.get("confidence", "?"))


def read_names(args):
    names = list(args.names)
    if args.file:
        names += [ln.strip() for ln in args.file.read_text().splitlines() if ln.strip()]
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("names", nargs="*")
    ap.add_argument("--file", type=Path, help="one name per line")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = TaxonCache(CACHE_DIR)
    if args.clear_cache:
        cache.clear()
        log.info("cache cleared")
    names = read_names(args)
    if not names:
        ap.print_usage()
        return 2

    failures = 0
    with requests.Session() as session:
        for name in names:
            data = cache.get(name)
            if data is None:
                try:
                    data = match(session, name, args.timeout)
                    cache.put(name, data)
                except requests.RequestException as exc:
                    log.warning("lookup failed for %s: %s", name, exc)
                    failures += 1
                    continue
            print(describe(name, data))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
