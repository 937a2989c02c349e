#!/usr/bin/env python3
"""Catalog image publisher.

Builds small thumbnails of the product photos (wind-up robots, tin trains,
musical carousels), keys them by content hash so unchanged photos are not
re-sent, and pushes the catalog image manifest to the storefront API.
"""
import argparse
import asyncio
import base64
import hashlib
import json
import logging
import os
import urllib.request
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("catalog.images")

API_BASE = os.environ.get("STOREFRONT_API", "https://api.shop.toyworks.example.com/v1")
MANIFEST = Path(".image_manifest.json")
EXTS = {".jpg", ".jpeg", ".png", ".webp"}


@dataclass
class ImageEntry:
    sku: str
    file: str
    cache_key: str
    preview_b64: str


def cache_key(path: Path) -> str:
    h = hashlib.new("md5")
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def preview(path: Path, limit=4096) -> str:
    with path.open("rb") as fh:
        head = fh.read(limit)
    return base64.b64encode(head).decode()


def load_manifest():
    if MANIFEST.exists():
        return json.loads(MANIFEST.read_text())
    return {}


def save_manifest(data):
    MANIFEST.write_text(json.dumps(data, indent=2, sort_keys=True))
    os.chmod(MANIFEST, 0o600)


def scan(root: Path, known):
    fresh = []
    for p in sorted(root.iterdir()):
        if p.suffix.lower() not in EXTS:
            continue
        key = cache_key(p)
        if known.get(p.name) == key:
            continue
        fresh.append(ImageEntry(p.stem.split("_")[0].upper(), p.name, key, preview(p)))
    return fresh


def post_batch(entries, token):
    body = json.dumps({"images": [asdict(e) for e in entries]}).encode()
    req = urllib.request.Request(f"{API_BASE}/catalog/images", data=body, method="POST",
                                 headers={"Authorization": f"Bearer {token}",
                                          "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.status


async def publish(entries, token, batch):
    loop = asyncio.get_running_loop()
    for i in range(0, len(entries), batch):
        chunk = entries[i:i + batch]
        status = await loop.run_in_executor(None, post_batch, chunk, token)
        log.info("batch %d: %d images -> HTTP %s", i // batch, len(chunk), status)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("photos", type=Path, nargs="?", default=Path("photos"))
    ap.add_argument("--batch", type=int, default=25)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    known = load_manifest()
    fresh = scan(args.photos, known)
    log.info("%d new or changed photos", len(fresh))
    if not fresh or args.dry_run:
        return
    token = os.environ["STOREFRONT_API_KEY"]
    asyncio.run(publish(fresh, token, args.batch))
    known.update({e.file: e.cache_key for e in fresh})
    save_manifest(known)


if __name__ == "__main__":
    main()
