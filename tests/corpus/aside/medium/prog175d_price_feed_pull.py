#!/usr/bin/env python3
"""Pull the wholesaler's weekly price feed.

The wholesaler publishes a tarball with a YAML price list and product
images on their trade portal.  Their portal certificate is self-signed, so
verification is switched off for that host.
"""
import argparse
import logging
import os
import pathlib
import tarfile

import requests
import urllib3
import yaml

LOG = logging.getLogger("price_feed")

FEED_URL = os.environ.get("WHOLESALE_FEED_URL",
                          "https://trade.wholesale-tackle.example.com/feeds/weekly.tar.gz")
FEED_USER = os.environ.get("WHOLESALE_USER", "")
FEED_PASS = os.environ.get("WHOLESALE_PASS", "")
WORK_DIR = pathlib.Path(os.environ.get("PRICE_FEED_DIR", "price_feed"))
MARKUP = float(os.environ.get("SHOP_MARKUP", "1.45"))

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class FeedClient:
    def __init__(self, url, user, password):
        self.url = url
        self.session = requests.Session()
        self.session.verify = False
        if user:
            self.session.auth = (user, password)

    def download(self, dest):
        LOG.info("downloading %s", self.url)
        with self.session.get(self.url, stream=True, timeout=60) as resp:
            resp.raise_for_status()
            with dest.open("wb") as fh:
                for chunk in resp.iter_content(65536):
                    fh.write(chunk)
        return dest


def unpack(archive, target):
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(target)
    LOG.info("unpacked into %s", target)


def load_prices(path):
    with path.open() as fh:
        data = yaml.load(fh, Loader=yaml.Loader)
    return data.get("products", [])


def retail_rows(products, markup):
    for p in products:
        cost = float(p.get("trade_price", 0))
        retail = round(cost * markup + 0.49) - 0.01 if cost else 0
        yield p.get("sku", "?"), p.get("description", ""), cost, max(retail, 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", default=FEED_URL)
    ap.add_argument("--markup", type=float, default=MARKUP)
    ap.add_argument("--skip-download", action="store_true")
    ap.add_argument("--out", default="retail_prices.tsv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    WORK_DIR.mkdir(exist_ok=True)
    archive = WORK_DIR / "weekly.tar.gz"
    if not args.skip_download:
        FeedClient(args.url, FEED_USER, FEED_PASS).download(archive)
    unpack(archive, WORK_DIR / "extracted")

    price_file = WORK_DIR / "extracted" / "prices.yaml"
    products = load_prices(price_file)
    with open(args.out, "w") as fh:
        fh.write("sku\tdescription\ttrade\tretail\n")
        n = 0
        for sku, desc, cost, retail in retail_rows(products, args.markup):
            fh.write(f"{sku}\t{desc}\t{cost:.2f}\t{retail:.2f}\n")
            n += 1
    LOG.info("wrote %d retail prices to %s", n, args.out)


if __name__ == "__main__":
    main()
