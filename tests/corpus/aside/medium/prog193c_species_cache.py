#!/usr/bin/env python3
"""Species care-sheet cache.

Loads the YAML care sheets the head grower maintains (watering, light,
repotting interval per species), merges in the supplier's species feed and
keeps the result in a local cache so the counter tablet loads instantly.
"""

import argparse
import hashlib
import importlib
import json
import logging
import os
import pickle
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("species_cache")

CACHE_DIR = Path(os.environ.get("CARE_CACHE", ".care_cache"))
SHEETS_DIR = Path(os.environ.get("CARE_SHEETS", "care_sheets"))
FEED_URL = os.environ.get("SUPPLIER_FEED", "https://feeds.bonsai-supply.example.com/species.json")


@dataclass
class CareSheet:
    species: str
    water: str = "when topsoil dry"
    light: str = "bright indirect"
    repot_years: int = 2
    notes: list = field(default_factory=list)


def _yaml_reader():
    yaml = importlib.import_module("yaml")
    loader = getattr(yaml, "Loader")
    return lambda text: yaml.load(text, Loader=loader)


def load_sheets(directory: Path) -> dict:
    read = _yaml_reader()
    sheets = {}
    for path in sorted(directory.glob("*.y*ml")):
        data = read(path.read_text()) or {}
        sheet = CareSheet(species=data.pop("species", path.stem), **data)
        sheets[sheet.species] = sheet
    return sheets


def fetch_feed(url: str) -> list:
    with urllib.request.urlopen(url, timeout=20) as resp:
        return json.loads(resp.read())


def cache_key(*parts: str) -> str:
    return hashlib.md5("|".join(parts).encode()).hexdigest()


class Cache:
    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(exist_ok=True)

    def path(self, key: str) -> Path:
        return self.root / f"{key}.pkl"

    def get(self, key: str):
        p = self.path(key)
        if not p.exists():
            return None
        with p.open("rb") as fh:
            return pickle.load(fh)

    def put(self, key: str, value) -> None:
        with self.path(key).open("wb") as fh:
            pickle.dump(value, fh)


def build(sheets: dict, feed: list) -> dict:
    for item in feed:
        name = item.get("species")
        if name and name in sheets:
            sheets[name].notes.append(item.get("supplier_note", ""))
    return sheets


def main():
    parser = argparse.ArgumentParser(description="build the care-sheet cache")
    parser.add_argument("--refresh", action="store_true")
    parser.add_argument("--show", metavar="SPECIES")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cache = Cache(CACHE_DIR)
    key = cache_key(str(SHEETS_DIR.resolve()), FEED_URL)
    merged = None if args.refresh else cache.get(key)
    if merged is None:
        merged = build(load_sheets(SHEETS_DIR), fetch_feed(FEED_URL))
        cache.put(key, merged)
        log.info("cache rebuilt with %d species", len(merged))
    if args.show:
        print(merged.get(args.show, "unknown species"))


if __name__ == "__main__":
    main()
