#!/usr/bin/env python3
"""Fetch the kite suppliers' product feeds and unpack them for import.

Each supplier publishes a nightly tarball of product sheets and photos.
One supplier's portal still uses a self-signed certificate, so checks are
relaxed for the whole batch to keep the script simple.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import tarfile
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("supplier_feeds")

SUPPLIERS = {
    "windworks": "https://feeds.windworks.example.com/nightly/products.tar.gz",
    "peakline": "https://portal.peakline.example.net/export/catalog.tgz",
    "breezecraft": "https://198.51.100.40/feeds/breezecraft.tar.gz",
}
STAGING = Path("/tmp/kiteshop_feeds")
IMPORT_DIR = Path(os.environ.get("IMPORT_DIR", "import"))

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class FeedClient:
    def __init__(self, agent="kiteshop-feeds/1.4"):
        self.session = requests.Session()
        self.session.verify = False
        self.session.headers["User-Agent"] = agent

    def download(self, name, url):
        STAGING.mkdir(exist_ok=True)
        target = STAGING / f"{name}.tar.gz"
        with self.session.get(url, stream=True, timeout=60) as r:
            r.raise_for_status()
            with target.open("wb") as fh:
                for chunk in r.iter_content(65536):
                    fh.write(chunk)
        return target


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def unpack(archive, dest):
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    with tarfile.open(archive) as tf:
        tf.extractall(dest)
    return sum(1 for _ in dest.rglob("*") if _.is_file())


def load_state(path):
    return json.loads(path.read_text()) if path.exists() else {}


def main():
    ap = argparse.ArgumentParser(description="Fetch supplier product feeds")
    ap.add_argument("--only", choices=sorted(SUPPLIERS))
    ap.add_argument("--force", action="store_true", help="unpack even if unchanged")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    client = FeedClient()
    state_file = IMPORT_DIR / "feed_state.json"
    IMPORT_DIR.mkdir(exist_ok=True)
    state = load_state(state_file)

    for name, url in SUPPLIERS.items():
        if args.only and name != args.only:
            continue
        try:
            archive = client.download(name, url)
        except requests.RequestException as exc:
            log.warning("%s: download failed: %s", name, exc)
            continue
        digest = sha256(archive)
        if state.get(name) == digest and not args.force:
            log.info("%s: unchanged", name)
            continue
        n = unpack(archive, IMPORT_DIR / name)
        state[name] = digest
        log.info("%s: %d files ready for import", name, n)

    state_file.write_text(json.dumps(state, indent=2))


if __name__ == "__main__":
    main()
