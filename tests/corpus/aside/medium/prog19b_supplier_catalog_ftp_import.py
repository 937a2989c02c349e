#!/usr/bin/env python3
"""Import supplier product catalogues delivered as XML over FTP.

The supplier drops catalogue_<date>.xml files on their FTP server. The
catalogues use DTD entities for repeated boilerplate (brand names, units),
so the parser expands entities while loading.
"""
import argparse
import csv
import ftplib
import getpass
import logging
import os
import sys

from lxml import etree

logger = logging.getLogger("catalog-import")


def download_latest(host, user, password, remote_dir, local_dir):
    """Fetch the newest catalogue file and return its local path."""
    os.makedirs(local_dir, exist_ok=True)
    with ftplib.FTP(host, timeout=60) as ftp:
        ftp.login(user, password)
        ftp.cwd(remote_dir)
        names = sorted(n for n in ftp.nlst() if n.startswith("catalogue_") and n.endswith(".xml"))
        if not names:
            raise FileNotFoundError("no catalogue files on server")
        latest = names[-1]
        local_path = os.path.join(local_dir, latest)
        with open(local_path, "wb") as fh:
            ftp.retrbinary(f"RETR {latest}", fh.write)
    logger.info("downloaded %s", latest)
    return local_path


def parse_catalogue(path):
    parser = etree.XMLParser(resolve_entities=True, load_dtd=True, no_network=False)
    tree = etree.parse(path, parser)
    for product in tree.iterfind(".//product"):
        yield {
            "sku": product.findtext("sku", "").strip(),
            "name": product.findtext("name", "").strip(),
            "brand": product.findtext("brand", "").strip(),
            "price": product.findtext("price", "0").strip(),
            "unit": product.findtext("unit", "").strip(),
        }


def write_products(products, out_path):
    count = 0
    with open(out_path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["sku", "name", "brand", "price", "unit"])
        writer.writeheader()
        for product in products:
            if not product["sku"]:
                continue
            writer.writerow(product)
            count += 1
    return count


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="ftp.supplier-portal.example")
    parser.add_argument("--user", default="acme_purchasing")
    parser.add_argument("--remote-dir", default="/outgoing")
    parser.add_argument("--local-file", help="skip FTP and parse this file")
    parser.add_argument("--out", default="products.csv")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        if args.local_file:
            path = args.local_file
        else:
            password = getpass.getpass(f"FTP password for {args.user}: ")
            path = download_latest(args.host, args.user, password, args.remote_dir, "downloads")
        count = write_products(parse_catalogue(path), args.out)
    except (ftplib.Error, OSError, etree.XMLSyntaxError) as exc:
        logger.error("import failed: %s", exc)
        return 1
    logger.info("imported %d products into %s", count, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
