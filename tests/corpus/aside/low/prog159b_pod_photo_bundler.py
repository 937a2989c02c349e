#!/usr/bin/env python3
"""Bundle proof-of-delivery photos for the monthly dispute review.

Collects the photos riders took at drop-off for a list of order ids,
embeds them as base64 in a single JSON file the review committee opens in
its viewer, and keeps thumbnails in a local cache keyed by file hash.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import shutil
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("pod-bundle")

PHOTO_DIR = Path(os.environ.get("POD_PHOTO_DIR", "./pod_photos"))
CACHE_DIR = Path("./.pod_cache")
OUT_DIR = Path("./review_bundles")
EXTENSIONS = (".jpg", ".jpeg", ".png")
MAX_BYTES = 4 * 1024 * 1024


def cache_key(path):
    h = hashlib.md5()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def photos_for(order_id):
    folder = PHOTO_DIR / order_id
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in EXTENSIONS)


def encoded(path):
    key = cache_key(path)
    cached = CACHE_DIR / (key + ".b64")
    if cached.exists():
        return key, cached.read_text()
    data = path.read_bytes()
    if len(data) > MAX_BYTES:
        log.warning("%s is larger than %d bytes, skipped", path, MAX_BYTES)
        return key, None
    text = base64.b64encode(data).decode("ascii")
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(text)
    return key, text


def bundle_orders(order_ids):
    entries = []
    for order_id in order_ids:
        photos = []
        for path in photos_for(order_id):
            key, text = encoded(path)
            if text is None:
                continue
            photos.append({"name": path.name, "md5": key,
                           "mime": "image/png" if path.suffix.lower() == ".png" else "image/jpeg",
                           "data": text})
        if not photos:
            log.warning("no photos for order %s", order_id)
        entries.append({"order_id": order_id, "photos": photos})
    return entries


def write_bundle(entries, label):
    OUT_DIR.mkdir(exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M")
    out = OUT_DIR / ("%s-%s.json" % (label, stamp))
    doc = {"label": label, "created": stamp, "orders": entries}
    out.write_text(json.dumps(doc, indent=1))
    os.chmod(out, 0o600)
    return out


def clear_cache():
    if CACHE_DIR.is_dir():
        shutil.rmtree(CACHE_DIR)
        log.info("cache cleared")


def read_ids(args):
    ids = list(args.orders)
    if args.from_file:
        ids += [l.strip() for l in Path(args.from_file).read_text().splitlines() if l.strip()]
    return list(dict.fromkeys(ids))


def main():
    parser = argparse.ArgumentParser(description="Proof-of-delivery review bundler")
    parser.add_argument("orders", nargs="*", help="order ids")
    parser.add_argument("--from-file", help="file with one order id per line")
    parser.add_argument("--label", default="disputes")
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache:
        clear_cache()
        return 0
    ids = read_ids(args)
    if not ids:
        parser.error("no order ids given")
    entries = bundle_orders(ids)
    out = write_bundle(entries, args.label)
    photos = sum(len(e["photos"]) for e in entries)
    print("%d order(s), %d photo(s) -> %s" % (len(entries), photos, out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
