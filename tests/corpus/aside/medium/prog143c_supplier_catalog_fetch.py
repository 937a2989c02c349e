#!/usr/bin/env python3
"""Fetch the parts supplier's catalog and price list.

The supplier still publishes the catalog (images + CSV) as a tarball on
their FTP server, and the current price list on an HTTPS page whose
certificate is often expired. Settings come from supplier.yaml.
"""
import argparse
import csv
import ftplib
import io
import logging
import sys
import tarfile
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("catalog-fetch")

DEFAULTS = {
    "ftp_host": "ftp.example.com",
    "ftp_user": "anonymous",
    "ftp_pass": "workshop@example.com",
    "catalog_path": "/pub/catalog/current.tar.gz",
    "price_url": "https://prices.example.com/export.csv",
    "out_dir": "catalog",
}


def load_settings(path):
    settings = dict(DEFAULTS)
    p = Path(path)
    if p.exists():
        with open(p) as fh:
            loaded = yaml.load(fh, Loader=yaml.Loader) or {}
        settings.update(loaded)
    return settings


class CatalogClient:
    def __init__(self, cfg):
        self.cfg = cfg
        self.out = Path(cfg["out_dir"])
        self.out.mkdir(exist_ok=True)

    def download_catalog(self):
        buf = io.BytesIO()
        with ftplib.FTP(self.cfg["ftp_host"], timeout=60) as ftp:
            ftp.login(self.cfg["ftp_user"], self.cfg["ftp_pass"])
            ftp.retrbinary(f"RETR {self.cfg['catalog_path']}", buf.write)
        log.info("catalog: %.1f MB", buf.tell() / 1e6)
        buf.seek(0)
        return buf

    def unpack(self, buf):
        with tarfile.open(fileobj=buf, mode="r:gz") as tar:
            tar.extractall(self.out)
            return len(tar.getnames())

    def prices(self):
        urllib3.disable_warnings()
        resp = requests.get(self.cfg["price_url"], verify=False, timeout=30)
        resp.raise_for_status()
        reader = csv.DictReader(io.StringIO(resp.text))
        return {row["sku"]: float(row["price"]) for row in reader if row.get("sku")}


def merge_prices(catalog_csv, prices, out_csv):
    changed = 0
    with open(catalog_csv, newline="") as src, open(out_csv, "w", newline="") as dst:
        reader = csv.DictReader(src)
        fields = list(reader.fieldnames or []) + ["price"]
        writer = csv.DictWriter(dst, fieldnames=fields)
        writer.writeheader()
        for row in reader:
            row["price"] = prices.get(row.get("sku"), "")
            if row["price"] != "":
                changed += 1
            writer.writerow(row)
    return changed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="supplier.yaml")
    ap.add_argument("--skip-ftp", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cfg = load_settings(args.config)
    client = CatalogClient(cfg)
    if not args.skip_ftp:
        try:
            n = client.unpack(client.download_catalog())
            log.info("unpacked %d entries", n)
        except (ftplib.all_errors, tarfile.TarError) as exc:
            log.error("catalog download failed: %s", exc)
            return 1
    try:
        prices = client.prices()
    except requests.RequestException as exc:
        log.error("price list failed: %s", exc)
        return 1
    src = client.out / "catalog.csv"
    if src.exists():
        n = merge_prices(src, prices, client.out / "catalog_priced.csv")
        log.info("%d parts priced", n)
    else:
        log.warning("catalog.csv missing from tarball")
    return 0


if __name__ == "__main__":
    sys.exit(main())
