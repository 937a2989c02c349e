#!/usr/bin/env python3
"""Import the optics distributor's product feed.

The distributor publishes a nightly tarball containing a YAML manifest and
product images. Their staging server uses a self-signed certificate, so
verification is relaxed for that host.
"""
import argparse
import io
import logging
import os
import tarfile
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("feed-import")

FEED_URL = os.environ.get("SUPPLIER_FEED_URL",
                          "https://feeds.optics-distributor.example.com/nightly/feed.tar.gz")
WORK = Path(os.environ.get("FEED_WORKDIR", "./feed_work"))
STRICT_TLS = os.environ.get("FEED_STRICT_TLS", "0") == "1"

if not STRICT_TLS:
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class FeedClient:
    def __init__(self, url, strict):
        self.url = url
        self.session = requests.Session()
        self.session.verify = strict
        self.session.headers["User-Agent"] = "telescope-shop-feed/1.4"

    def download(self):
        resp = self.session.get(self.url, timeout=60)
        resp.raise_for_status()
        log.info("downloaded %.1f kB", len(resp.content) / 1024)
        return resp.content


def unpack(blob, dest):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tar:
        tar.extractall(dest)
    return dest


def read_manifest(folder):
    manifest = folder / "manifest.yaml"
    with manifest.open() as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def normalise(item):
    return {
        "sku": str(item.get("sku", "")).strip().upper(),
        "name": item.get("title", "").strip(),
        "aperture_mm": item.get("aperture"),
        "focal_mm": item.get("focal_length"),
        "price": round(float(item.get("price", 0)), 2),
        "image": item.get("image"),
    }


def write_csv(items, out):
    cols = ["sku", "name", "aperture_mm", "focal_mm", "price", "image"]
    with out.open("w") as fh:
        fh.write(",".join(cols) + "\n")
        for it in items:
            fh.write(",".join("" if it[c] is None else str(it[c]) for c in cols) + "\n")


def main():
    ap = argparse.ArgumentParser(description="Import the supplier product feed")
    ap.add_argument("--url", default=FEED_URL)
    ap.add_argument("--out", type=Path, default=Path("supplier_products.csv"))
    ap.add_argument("--strict-tls", action="store_true", default=STRICT_TLS)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    client = FeedClient(args.url, args.strict_tls)
    folder = unpack(client.download(), WORK)
    manifest = read_manifest(folder) or {}
    items = [normalise(i) for i in manifest.get("products", [])]
    skipped = sum(1 for i in items if not i["sku"])
    items = [i for i in items if i["sku"]]
    write_csv(items, args.out)
    log.info("imported %d products (%d skipped) into %s", len(items), skipped, args.out)


if __name__ == "__main__":
    main()
