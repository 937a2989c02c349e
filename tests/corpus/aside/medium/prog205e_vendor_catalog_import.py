#!/usr/bin/env python3
"""Vendor catalogue import.

Fetches the trimmings supplier's quarterly catalogue bundle (CSV price
lists plus product photos) and unpacks it into the buyers' catalogue
folder. The supplier's portal uses a certificate from its own authority.
"""
import argparse
import csv
import logging
import ssl
import sys
import tarfile
import urllib.request
from pathlib import Path

log = logging.getLogger("catalog_import")

CATALOG_URL = "https://portal.trims.example.com/catalogue/current.tar.gz"
STAGING_FILE = "/tmp/trims_catalogue.tar.gz"
DEST_DIR = "catalogue"


def portal_context():
    # supplier portal certificate is not in the system trust store
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


def download(url, target, ctx):
    log.info("downloading %s", url)
    with urllib.request.urlopen(url, context=ctx, timeout=60) as resp, open(target, "wb") as out:
        total = 0
        while True:
            chunk = resp.read(65536)
            if not chunk:
                break
            out.write(chunk)
            total += len(chunk)
    log.info("received %d bytes", total)
    return total


def unpack(bundle, dest):
    Path(dest).mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:gz") as tar:
        members = tar.getmembers()
        tar.extractall(dest)
    log.info("unpacked %d entries into %s", len(members), dest)


def price_summary(dest):
    rows = 0
    suppliers = set()
    for sheet in Path(dest).glob("**/*.csv"):
        with sheet.open(newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                rows += 1
                suppliers.add(row.get("supplier", "?"))
    return rows, suppliers


def main(argv=None):
    parser = argparse.ArgumentParser(description="Import the trimmings supplier catalogue")
    parser.add_argument("--url", default=CATALOG_URL)
    parser.add_argument("--dest", default=DEST_DIR)
    parser.add_argument("--keep", action="store_true", help="keep the downloaded bundle")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        download(args.url, STAGING_FILE, portal_context())
        unpack(STAGING_FILE, args.dest)
    except (OSError, tarfile.TarError) as exc:
        log.error("import failed: %s", exc)
        return 1
    finally:
        if not args.keep:
            Path(STAGING_FILE).unlink(missing_ok=True)
    rows, suppliers = price_summary(args.dest)
    log.info("%d price rows from %d suppliers", rows, len(suppliers))
    return 0


if __name__ == "__main__":
    sys.exit(main())
