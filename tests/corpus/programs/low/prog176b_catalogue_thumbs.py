#!/usr/bin/env python3
"""Publish instrument listings to the online catalogue.

For every listing folder (listing.json + photos) in the working directory,
encodes the photos, and posts the listing to the catalogue API using the
shop's API key from the environment.
"""
import argparse
import base64
import importlib
import json
import logging
import os
from dataclasses import dataclass, asdict, field
from pathlib import Path

log = logging.getLogger("catalogue")

API = os.environ.get("CATALOGUE_API", "https://api.catalogue.example.com/v1")
PHOTO_EXT = (".jpg", ".jpeg", ".png")
MAX_PHOTOS = 8


@dataclass
class Listing:
    sku: str
    title: str
    maker: str
    year: int
    price_eur: float
    description: str = ""
    photos: list = field(default_factory=list)


def load_listing(folder: Path) -> Listing:
    meta = json.loads((folder / "listing.json").read_text(encoding="utf-8"))
    listing = Listing(**{k: meta[k] for k in ("sku", "title", "maker", "year", "price_eur")},
                      description=meta.get("description", ""))
    for p in sorted(folder.iterdir())[:50]:
        if p.suffix.lower() in PHOTO_EXT and len(listing.photos) < MAX_PHOTOS:
            listing.photos.append({
                "name": p.name,
                "data": base64.b64encode(p.read_bytes()).decode("ascii"),
            })
    return listing


class Client:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.key = key
        self._req = importlib.import_module("urllib.request")

    def _call(self, method, path, payload=None):
        body = json.dumps(payload).encode() if payload is not None else None
        rq = self._req.Request(f"{self.base}{path}", data=body, method=method,
                               headers={"Authorization": f"Bearer {self.key}",
                                        "Content-Type": "application/json"})
        with self._req.urlopen(rq, timeout=30) as resp:
            return resp.status, json.loads(resp.read() or b"{}")

    def exists(self, sku):
        try:
            status, _ = self._call("GET", f"/listings/{sku}")
            return status == 200
        except OSError:
            return False

    def create(self, listing):
        return self._call("POST", "/listings", asdict(listing))

    def update(self, listing):
        return self._call("PUT", f"/listings/{listing.sku}", asdict(listing))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folders", nargs="*", help="listing folders (default: all in cwd)")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("CATALOGUE_API_KEY")
    if not key and not args.dry_run:
        ap.error("CATALOGUE_API_KEY is not set")
    folders = [Path(f) for f in args.folders] or [p for p in Path.cwd().iterdir()
                                                  if (p / "listing.json").is_file()]
    client = Client(API, key)
    for folder in folders:
        listing = load_listing(folder)
        if args.dry_run:
            log.info("%s: %s, %d photos", listing.sku, listing.title, len(listing.photos))
            continue
        action = "update" if client.exists(listing.sku) else "create"
        status, _ = getattr(client, action)(listing)
        log.info("%s %s -> HTTP %s", action, listing.sku, status)


if __name__ == "__main__":
    main()
