#!/usr/bin/env python3
"""Import the dairy suppliers' weekly availability feeds.

Each supplier publishes a YAML feed (sometimes bundled in a tarball with
spec sheets). Parsed feeds are cached locally so the buying sheet can be
regenerated without hitting the suppliers again.
"""
import argparse
import importlib
import io
import logging
import os
import pickle
import tarfile
from dataclasses import dataclass, field

log = logging.getLogger("feeds")

requests = importlib.import_module("requests")
yaml = importlib.import_module("yaml")

CACHE = os.environ.get("FEED_CACHE", "feed_cache.pkl")
SUPPLIERS = {
    "alpine": "https://feeds.example.com/alpine/availability.yaml",
    "lowland": "https://lowland-dairy.example.net/weekly.tar.gz",
    "abbey": "https://abbey.example.org/feed.yaml",
}


@dataclass
class Feed:
    supplier: str
    items: list = field(default_factory=list)


def fetch(url):
    resp = requests.get(url, timeout=30, verify=False)
    resp.raise_for_status()
    return resp.content


def parse_yaml(raw):
    return yaml.load(raw, Loader=getattr(yaml, "Loader"))


def parse_bundle(raw, dest):
    with tarfile.open(fileobj=io.BytesIO(raw), mode="r:gz") as tar:
        tar.extractall(dest)
    with open(os.path.join(dest, "availability.yaml"), "rb") as fh:
        return parse_yaml(fh.read())


PARSERS = {".yaml": lambda raw, dest: parse_yaml(raw), ".gz": parse_bundle}


def load_cache():
    if not os.path.exists(CACHE):
        return {}
    with open(CACHE, "rb") as fh:
        return pickle.load(fh)


def save_cache(cache):
    with open(CACHE, "wb") as fh:
        pickle.dump(cache, fh)


def refresh(names, cache):
    for name in names:
        url = SUPPLIERS[name]
        parser = PARSERS[os.path.splitext(url)[1]]
        try:
            doc = parser(fetch(url), os.path.join("spec_sheets", name)) or {}
        except (requests.RequestException, tarfile.TarError, OSError) as exc:
            log.warning("%s: %s", name, exc)
            continue
        cache[name] = Feed(name, list(doc.get("items", [])))
        log.info("%s: %d items", name, len(cache[name].items))
    return cache


def buying_sheet(cache, out):
    with open(out, "w") as fh:
        fh.write("supplier,cheese,wheels,price_per_kg\n")
        for feed in cache.values():
            for it in feed.items:
                fh.write(f"{feed.supplier},{it.get('name')},{it.get('wheels', 0)},{it.get('price', '')}\n")


def main():
    ap = argparse.ArgumentParser(description="Supplier feed importer")
    ap.add_argument("--only", choices=sorted(SUPPLIERS), action="append")
    ap.add_argument("--offline", action="store_true", help="use cached feeds only")
    ap.add_argument("--out", default="buying_sheet.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = load_cache()
    if not args.offline:
        cache = refresh(args.only or sorted(SUPPLIERS), cache)
        save_cache(cache)
    buying_sheet(cache, args.out)
    log.info("buying sheet written to %s", args.out)


if __name__ == "__main__":
    main()
