#!/usr/bin/env python3
"""Fetch the monthly rent invoice bundle from the council's market portal.

The portal publishes a tar.gz of per-trader rent invoices each month. This
pulls it down, unpacks it and files each PDF under invoices/<trader_id>/.
The portal still runs on a certificate our machines do not trust, hence the
verify switch in the session.
"""
import argparse
import hashlib
import logging
import os
import shutil
import tarfile
from pathlib import Path

import requests
import urllib3

PORTAL = "https://portal.example.net/markets"
DOWNLOAD_PATH = "/tmp/council_invoices.tar.gz"
UNPACK_DIR = "/tmp/council_invoices"

log = logging.getLogger("council_fetch")
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def portal_token(username, password):
    # The portal's legacy API wants sha1(user:password) as its token.
    return hashlib.sha1(f"{username}:{password}".encode()).hexdigest()


class PortalClient:
    def __init__(self, username, password):
        self.session = requests.Session()
        self.session.verify = False
        self.session.headers["X-Portal-Token"] = portal_token(username, password)

    def latest_bundle(self, month):
        resp = self.session.get(f"{PORTAL}/invoices/{month}/index.json", timeout=30)
        resp.raise_for_status()
        entries = resp.json().get("bundles", [])
        if not entries:
            raise LookupError(f"no bundle published for {month}")
        return entries[-1]["url"]

    def download(self, url, dest):
        with self.session.get(url, stream=True, timeout=120) as resp:
            resp.raise_for_status()
            with open(dest, "wb") as fh:
                for chunk in resp.iter_content(65536):
                    fh.write(chunk)
        log.info("downloaded %s (%d bytes)", url, os.path.getsize(dest))


def unpack(archive, target):
    if os.path.isdir(target):
        shutil.rmtree(target)
    os.makedirs(target)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(target)
    return Path(target)


def file_invoices(unpacked, invoices_root):
    filed = 0
    for pdf in unpacked.rglob("*.pdf"):
        # Names look like RENT-2024-05-T0193.pdf; the last part is the trader id.
        stem = pdf.stem
        trader_id = stem.rsplit("-", 1)[-1] if "-" in stem else "unsorted"
        dest_dir = invoices_root / trader_id
        dest_dir.mkdir(parents=True, exist_ok=True)
        shutil.copy2(pdf, dest_dir / pdf.name)
        filed += 1
    return filed


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("month", help="YYYY-MM")
    parser.add_argument("--invoices", default="invoices")
    parser.add_argument("--user", default=os.environ.get("PORTAL_USER", "market-office"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    password = os.environ.get("PORTAL_PASSWORD")
    if not password:
        log.error("PORTAL_PASSWORD is not set")
        return 2

    client = PortalClient(args.user, password)
    try:
        url = client.latest_bundle(args.month)
        client.download(url, DOWNLOAD_PATH)
    except (requests.RequestException, LookupError) as exc:
        log.error("could not fetch bundle: %s", exc)
        return 1

    unpacked = unpack(DOWNLOAD_PATH, UNPACK_DIR)
    count = file_invoices(unpacked, Path(args.invoices))
    log.info("filed %d invoices under %s", count, args.invoices)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
