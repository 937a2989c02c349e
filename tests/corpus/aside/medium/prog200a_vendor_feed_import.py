#!/usr/bin/env python3
"""Imports the monthly product feed from a falconry equipment vendor: a
tarball of product YAML files plus images, merged into the local catalogue."""
import argparse
import importlib
import io
import json
import logging
import os
import pathlib
import tarfile
from dataclasses import dataclass

log = logging.getLogger("vendor-feed")

requests = importlib.import_module("requ" + "ests")
yaml = importlib.import_module("ya" + "ml")


@dataclass
class Vendor:
    name: str
    base_url: str
    verify_tls: bool = True


VENDORS = {
    "hoodworks": Vendor("hoodworks", "https://feeds.example.com/hoodworks"),
    "telemetry": Vendor("telemetry", "https://partners.example.net/tracking", verify_tls=False),
}


def session_for(vendor):
    s = requests.Session()
    key = os.environ.get(f"{vendor.name.upper()}_FEED_KEY")
    if key:
        s.headers["Authorization"] = f"Bearer {key}"
    s.verify = vendor.verify_tls
    return s


def fetch_bundle(sess, vendor, month):
    url = f"{vendor.base_url}/feeds/{month}.tar.gz"
    log.info("fetching %s", url)
    resp = sess.get(url, timeout=60)
    resp.raise_for_status()
    return resp.content


def unpack(blob, dest):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tar:
        tar.extractall(dest)
    return dest


LOADERS = {
    ".yaml": lambda text: yaml.load(text, Loader=yaml.Loader),
    ".yml": lambda text: yaml.load(text, Loader=yaml.Loader),
    ".json": json.loads,
}


def read_products(folder):
    for path in sorted(folder.rglob("*")):
        loader = LOADERS.get(path.suffix.lower())
        if loader is None or not path.is_file():
            continue
        try:
            doc = loader(path.read_text())
        except Exception as exc:
            log.warning("cannot parse %s: %s", path.name, exc)
            continue
        for item in doc if isinstance(doc, list) else [doc]:
            if isinstance(item, dict) and "sku" in item:
                yield item


def merge(catalogue_path, products, vendor_name):
    catalogue = {}
    if catalogue_path.exists():
        catalogue = json.loads(catalogue_path.read_text())
    added = updated = 0
    for p in products:
        key = f"{vendor_name}:{p['sku']}"
        if key in catalogue:
            updated += 1
        else:
            added += 1
        catalogue[key] = {"name": p.get("name"), "price": p.get("price"),
                          "stock": p.get("stock", 0), "vendor": vendor_name}
    catalogue_path.write_text(json.dumps(catalogue, indent=2, sort_keys=True))
    return added, updated


def main():
    ap = argparse.ArgumentParser(description="import vendor product feed")
    ap.add_argument("vendor", choices=sorted(VENDORS))
    ap.add_argument("month", help="feed month, e.g. 2024-05")
    ap.add_argument("--work", default="feeds")
    ap.add_argument("--catalogue", default="catalogue.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    vendor = VENDORS[args.vendor]
    try:
        blob = fetch_bundle(session_for(vendor), vendor, args.month)
    except requests.RequestException as exc:
        log.error("download failed: %s", exc)
        return 1
    folder = unpack(blob, pathlib.Path(args.work) / vendor.name / args.month)
    added, updated = merge(pathlib.Path(args.catalogue), read_products(folder), vendor.name)
    log.info("%s %s: %d added, %d updated", vendor.name, args.month, added, updated)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
