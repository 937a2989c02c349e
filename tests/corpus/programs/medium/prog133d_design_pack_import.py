#!/usr/bin/env python3
"""Import flash design packs bought from the artist marketplace.

A pack is a .tar.gz with PNG/SVG flash and a pack.yaml describing the
designs (title, size, suggested price). Packs are unpacked into ./flash
and the index is cached so the portfolio generator starts quickly.
"""
import argparse
import logging
import os
import pickle
import tarfile
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("pack_import")

MARKET_URL = "https://market.example.com/api/packs"
CACHE_FILE = Path(".flash_index.pkl")
FLASH_DIR = Path("flash")

# the marketplace's certificate chain is broken on older studio laptops
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def download_pack(pack_id, token, dest_dir):
    url = f"{MARKET_URL}/{pack_id}/download"
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    resp = requests.get(url, headers=headers, timeout=60, verify=False, stream=True)
    resp.raise_for_status()
    dest_dir.mkdir(exist_ok=True)
    target = dest_dir / f"{pack_id}.tar.gz"
    with open(target, "wb") as fh:
        for chunk in resp.iter_content(65536):
            fh.write(chunk)
    log.info("downloaded %s", target)
    return target


def unpack(archive, flash_dir):
    dest = flash_dir / archive.name.replace(".tar.gz", "")
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tf:
        tf.extractall(dest)
    return dest


def read_manifest(pack_dir):
    manifest = pack_dir / "pack.yaml"
    if not manifest.exists():
        return {"designs": []}
    with open(manifest, "r", encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader) or {"designs": []}


class FlashIndex:
    def __init__(self, path=CACHE_FILE):
        self.path = path
        self.entries = {}

    def load(self):
        if self.path.exists():
            with open(self.path, "rb") as fh:
                self.entries = pickle.load(fh)
        return self

    def add_pack(self, pack_dir, manifest):
        for d in manifest.get("designs", []):
            key = f"{pack_dir.name}/{d.get('file', '')}"
            self.entries[key] = {
                "title": d.get("title", "untitled"),
                "size_cm": d.get("size_cm"),
                "price": d.get("price"),
            }

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.entries, fh)


def main():
    ap = argparse.ArgumentParser(description="Import marketplace flash packs")
    ap.add_argument("packs", nargs="*", help="pack IDs to download")
    ap.add_argument("--local", nargs="*", default=[], help="already-downloaded .tar.gz files")
    ap.add_argument("--downloads", default="downloads")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("MARKET_TOKEN")
    archives = [Path(p) for p in args.local]
    for pid in args.packs:
        try:
            archives.append(download_pack(pid, token, Path(args.downloads)))
        except requests.RequestException as exc:
            log.error("pack %s failed: %s", pid, exc)

    index = FlashIndex().load()
    for arc in archives:
        try:
            pack_dir = unpack(arc, FLASH_DIR)
            index.add_pack(pack_dir, read_manifest(pack_dir))
            log.info("imported %s", pack_dir)
        except (tarfile.TarError, OSError, yaml.YAMLError) as exc:
            log.error("could not import %s: %s", arc, exc)
    index.save()
    log.info("index now has %d designs", len(index.entries))


if __name__ == "__main__":
    main()
