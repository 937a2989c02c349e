#!/usr/bin/env python3
"""Fetch approved customer artwork packages from the web-to-print portal.

The portal marks orders "approved" once the customer signs off the proof.
This pulls each approved package (a .tar.gz of print-ready files) into
./incoming/<order>/ so the RIP operator can load it, and tells the portal
the order has been collected.
"""
import argparse
import json
import logging
import os
import sys
import tarfile
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("artwork-fetch")

CONFIG = Path("artwork_fetch.json")
DEFAULTS = {
    "portal": "https://w2p.shop.lan",
    "verify_tls": False,        # portal still runs the appliance certificate
    "incoming": "incoming",
    "page_size": 50,
}


def load_config():
    cfg = dict(DEFAULTS)
    if CONFIG.exists():
        cfg.update(json.loads(CONFIG.read_text()))
    return cfg


class Portal:
    def __init__(self, base, token, verify):
        self.base = base.rstrip("/")
        self.s = requests.Session()
        self.s.headers["Authorization"] = f"Token {token}"
        self.s.verify = verify
        if not verify:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def approved(self, page_size):
        url = f"{self.base}/api/orders/?status=approved&limit={page_size}"
        while url:
            r = self.s.get(url, timeout=30)
            r.raise_for_status()
            doc = r.json()
            yield from doc.get("results", [])
            url = doc.get("next")

    def download(self, order, dest):
        with self.s.get(order["package_url"], stream=True, timeout=120) as r:
            r.raise_for_status()
            with open(dest, "wb") as fh:
                for chunk in r.iter_content(1 << 20):
                    fh.write(chunk)
        return dest

    def mark_collected(self, order):
        r = self.s.post(f"{self.base}/api/orders/{order['id']}/collected/",
                        timeout=30)
        r.raise_for_status()


def unpack(archive, target):
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:*") as tf:
        names = tf.getnames()
        tf.extractall(target)
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keep-archives", action="store_true")
    ap.add_argument("--no-mark", action="store_true",
                    help="do not tell the portal the order was collected")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("W2P_TOKEN")
    if not token:
        log.error("W2P_TOKEN is not set")
        return 2
    cfg = load_config()
    portal = Portal(cfg["portal"], token, cfg["verify_tls"])
    incoming = Path(cfg["incoming"])
    incoming.mkdir(exist_ok=True)

    fetched = 0
    for order in portal.approved(cfg["page_size"]):
        number = str(order["number"])
        archive = incoming / f"{number}.tar.gz"
        try:
            portal.download(order, archive)
            files = unpack(archive, incoming / number)
        except (requests.RequestException, tarfile.TarError, OSError) as exc:
            log.error("order %s: %s", number, exc)
            continue
        if not args.keep_archives:
            archive.unlink(missing_ok=True)
        if not args.no_mark:
            portal.mark_collected(order)
        log.info("order %s: %d file(s) for %s", number, len(files),
                 order.get("customer", "?"))
        fetched += 1
    log.info("%d order(s) collected", fetched)
    return 0


if __name__ == "__main__":
    sys.exit(main())
