#!/usr/bin/env python3
"""Import the weekly livestock photo pack from the fish wholesaler.

Every Monday the wholesaler publishes a tarball of photos for the fish and
corals on that week's availability list (one folder per species code).  We
unpack it under ./media/livestock, and keep photo_index.json so the web shop
and the tank-front labels can look pictures up by species code.
"""

import argparse
import hashlib
import json
import logging
import os
import shutil
import sys
import tarfile
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("photo_pack")

PACK_URL = os.environ.get(
    "PHOTO_PACK_URL",
    "https://media.bluewater-wholesale.example.com/packs/latest.tar.gz",
)
IMAGE_EXT = {".jpg", ".jpeg", ".png", ".webp"}


def download(url, dest, retries=3):
    req = urllib.request.Request(url, headers={"User-Agent": "petshop-photo-import/1.2"})
    for attempt in range(1, retries + 1):
        try:
            with urllib.request.urlopen(req, timeout=60) as resp, open(dest, "wb") as out:
                shutil.copyfileobj(resp, out, length=1 << 16)
            return dest
        except (urllib.error.URLError, OSError) as exc:
            log.warning("download attempt %d failed: %s", attempt, exc)
    raise RuntimeError(f"could not fetch {url}")


def unpack(archive, media_root):
    media_root.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:*") as tar:
        members = tar.getmembers()
        log.info("pack holds %d entries", len(members))
        tar.extractall(media_root)
    return media_root


def cache_key(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def build_index(media_root):
    index = {}
    for species_dir in sorted(p for p in media_root.iterdir() if p.is_dir()):
        photos = []
        for img in sorted(species_dir.iterdir()):
            if img.suffix.lower() not in IMAGE_EXT:
                continue
            photos.append({
                "file": str(img.relative_to(media_root)),
                "bytes": img.stat().st_size,
                "etag": cache_key(img),
            })
        if photos:
            index[species_dir.name] = photos
    return index


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default=PACK_URL)
    parser.add_argument("--archive", help="use an already-downloaded pack")
    parser.add_argument("--media-root", default="media/livestock")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    media_root = Path(args.media_root)

    with tempfile.TemporaryDirectory(prefix="photopack-") as tmp:
        archive = args.archive
        if not archive:
            archive = os.path.join(tmp, "pack.tar.gz")
            try:
                download(args.url, archive)
            except RuntimeError as exc:
                log.error("%s", exc)
                return 1
        try:
            unpack(archive, media_root)
        except (tarfile.TarError, OSError) as exc:
            log.error("could not unpack %s: %s", archive, exc)
            return 1

    index = build_index(media_root)
    index_path = media_root / "photo_index.json"
    index_path.write_text(json.dumps(index, indent=1, sort_keys=True))
    log.info("indexed %d species, %d photos",
             len(index), sum(len(v) for v in index.values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
