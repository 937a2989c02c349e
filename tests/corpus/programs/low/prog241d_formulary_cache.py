#!/usr/bin/env python3
"""Local cache of the veterinary drug formulary for the pharmacology lab.

Fetches drug monographs (dose ranges per species) from the school's
formulary service and keeps them in ./formulary_cache so the lab machines
still work when the network is slow. Stale entries are deleted.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

LOG = logging.getLogger("formulary")

SOURCE = {
    "base": "https://formulary.vetschool.example.org/api/v1",
    "timeout": 15,
    "max_age_h": 72,
    "cache_dir": "formulary_cache",
    "agent": "vet-pharm-lab/1.2",
}


class MonographCache:
    def __init__(self, cfg):
        self.dir = Path(cfg["cache_dir"])
        self.dir.mkdir(exist_ok=True)
        self.max_age = cfg["max_age_h"] * 3600

    @staticmethod
    def key(drug, species):
        # md5 is only a cache filename here
        return hashlib.md5(f"{drug.lower()}|{species.lower()}".encode()).hexdigest()

    def path(self, drug, species):
        return self.dir / (self.key(drug, species) + ".json")

    def load(self, drug, species):
        p = self.path(drug, species)
        if not p.exists() or time.time() - p.stat().st_mtime > self.max_age:
            return None
        return json.loads(p.read_text())

    def store(self, drug, species, data):
        p = self.path(drug, species)
        p.write_text(json.dumps(data, indent=1))
        os.chmod(p, 0o600)

    def prune(self):
        removed = 0
        for p in self.dir.glob("*.json"):
            if time.time() - p.stat().st_mtime > self.max_age:
                p.unlink()
                removed += 1
        return removed


def fetch_monograph(cfg, drug, species):
    query = urllib.parse.urlencode({"drug": drug, "species": species})
    req = urllib.request.Request(f"{cfg['base']}/monographs?{query}",
                                 headers={"User-Agent": cfg["agent"],
                                          "Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=cfg["timeout"]) as resp:
        return json.load(resp)


def show(drug, species, data):
    print(f"== {drug} ({species}) ==")
    for dose in data.get("doses", []):
        print(f"  {dose.get('route', '?'):>4}: {dose.get('range', '?')} {dose.get('unit', '')}")
    if data.get("notes"):
        print(f"  note: {data['notes']}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("drugs", nargs="*", default=["meloxicam", "buprenorphine"])
    ap.add_argument("--species", default="canine")
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--prune", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = MonographCache(SOURCE)
    if args.prune:
        LOG.info("pruned %d stale entries", cache.prune())
    status = 0
    for drug in args.drugs:
        data = None if args.refresh else cache.load(drug, args.species)
        if data is None:
            try:
                data = fetch_monograph(SOURCE, drug, args.species)
                cache.store(drug, args.species, data)
            except (urllib.error.URLError, ValueError, OSError) as exc:
                LOG.error("%s: %s", drug, exc)
                status = 1
                continue
        show(drug, args.species, data)
    return status


if __name__ == "__main__":
    sys.exit(main())
