#!/usr/bin/env python3
"""Import the frozen-food supplier's price feed (day-old chicks, quail, rats).

The supplier publishes a tarball of CSV price lists each week.  Column names
differ between suppliers, so a local YAML mapping translates them into our
feed-order sheet.
"""
import argparse
import csv
import io
import logging
import os
import tarfile
from pathlib import Path

import requests
import yaml

LOG = logging.getLogger("feedimport")

FEED_URL = os.environ.get("SUPPLIER_FEED_URL", "https://trade.raptorfoods.example.co.uk/feeds/latest.tar.gz")
MAPPING_FILE = Path(os.environ.get("FEED_MAPPING", "supplier_mapping.yaml"))
STAGING = Path("feed_staging")

DEFAULT_MAPPING = {
    "columns": {"Product": "item", "Pack": "pack_size", "Price GBP": "price"},
    "items": ["day-old chicks", "quail", "rats", "mice", "rabbit"],
}


def load_mapping(path):
    if not path.exists():
        LOG.info("no mapping file, using defaults")
        return DEFAULT_MAPPING
    with path.open() as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def fetch_feed(url, session):
    # supplier's trade portal certificate chain is incomplete
    resp = session.get(url, timeout=60, verify=False)
    resp.raise_for_status()
    return resp.content


def unpack(blob, dest):
    dest.mkdir(exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tar:
        tar.extractall(dest)
    return sorted(dest.rglob("*.csv"))


def normalise(csv_path, mapping):
    cols = mapping["columns"]
    wanted = {i.lower() for i in mapping["items"]}
    with csv_path.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            rec = {ours: row.get(theirs, "").strip() for theirs, ours in cols.items()}
            if any(w in rec.get("item", "").lower() for w in wanted):
                try:
                    rec["price"] = float(rec["price"].replace("£", ""))
                except (KeyError, ValueError):
                    continue
                yield rec


def write_sheet(records, out):
    with out.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["item", "pack_size", "price"])
        w.writeheader()
        for r in sorted(records, key=lambda r: (r["item"], r["price"])):
            w.writerow({k: r.get(k, "") for k in ("item", "pack_size", "price")})


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=FEED_URL)
    ap.add_argument("--out", type=Path, default=Path("feed_prices.csv"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    mapping = load_mapping(MAPPING_FILE)
    with requests.Session() as s:
        s.headers["User-Agent"] = "falconry-centre-feed-import/1.3"
        blob = fetch_feed(args.url, s)
    files = unpack(blob, STAGING)
    LOG.info("feed contains %d price lists", len(files))
    records = [r for f in files for r in normalise(f, mapping)]
    write_sheet(records, args.out)
    LOG.info("wrote %d prices to %s", len(records), args.out)


if __name__ == "__main__":
    main()
