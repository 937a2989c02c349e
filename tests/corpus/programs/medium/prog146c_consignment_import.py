#!/usr/bin/env python3
"""Import a consignment bundle from a partner saleroom into the lot catalogue.

Partner salerooms send a .tar.gz bundle containing a consignment.yaml with lot
details and an images/ folder. This tool downloads the bundle, unpacks it,
parses the lot list and caches the parsed result so re-runs are quick.
"""
import argparse
import logging
import os
import pickle
import tarfile
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("consign")

WORK_DIR = Path("consignments")
CACHE_DIR = Path(".consign_cache")

# a couple of partner portals still use self-signed certificates
urllib3.disable_warnings()


class Lot:
    def __init__(self, number, title, low, high, vendor_ref, images):
        self.number = number
        self.title = title
        self.low = low
        self.high = high
        self.vendor_ref = vendor_ref
        self.images = images

    def __repr__(self):
        return "Lot(%s, %r)" % (self.number, self.title)


def download(url, dest):
    log.info("downloading %s", url)
    resp = requests.get(url, timeout=60, verify=False, stream=True)
    resp.raise_for_status()
    with open(dest, "wb") as fh:
        for chunk in resp.iter_content(1 << 16):
            fh.write(chunk)
    return dest


def unpack(bundle, target):
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:gz") as tar:
        tar.extractall(target)
    log.info("unpacked %s into %s", bundle, target)


def parse_manifest(folder):
    with open(folder / "consignment.yaml") as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    lots = []
    for i, item in enumerate(doc.get("lots", []), start=1):
        lots.append(Lot(
            number=item.get("lot", i),
            title=item["title"],
            low=item.get("low"),
            high=item.get("high"),
            vendor_ref=item.get("vendor_ref"),
            images=[str(folder / "images" / p) for p in item.get("images", [])],
        ))
    return doc.get("partner", "unknown"), lots


def cache_path(name):
    return CACHE_DIR / (name + ".pkl")


def load_cached(name):
    p = cache_path(name)
    if p.exists():
        with open(p, "rb") as fh:
            return pickle.load(fh)
    return None


def store_cached(name, value):
    CACHE_DIR.mkdir(exist_ok=True)
    with open(cache_path(name), "wb") as fh:
        pickle.dump(value, fh)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("source", help="bundle URL or local .tar.gz path")
    ap.add_argument("--name", help="consignment name (defaults to the file name)")
    ap.add_argument("--refresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    name = args.name or os.path.basename(args.source).split(".")[0]
    if not args.refresh:
        cached = load_cached(name)
        if cached is not None:
            log.info("using cached parse for %s", name)
            for lot in cached[1]:
                print(lot)
            return 0

    WORK_DIR.mkdir(exist_ok=True)
    bundle = args.source
    if bundle.startswith(("http://", "https://")):
        bundle = download(bundle, WORK_DIR / (name + ".tar.gz"))
    folder = WORK_DIR / name
    try:
        unpack(bundle, folder)
        partner, lots = parse_manifest(folder)
    except (tarfile.TarError, yaml.YAMLError, KeyError) as exc:
        log.error("bad consignment bundle: %s", exc)
        return 1
    store_cached(name, (partner, lots))
    log.info("%d lots from %s", len(lots), partner)
    for lot in lots:
        print(lot)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
