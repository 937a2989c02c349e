#!/usr/bin/env python3
"""Fetch the supplier's weekly parts-image bundle and unpack it next to the
catalogue CSVs.

The supplier publishes catalogue-images-<week>.tar.gz plus a manifest.json
with the sha256 of each bundle. Images are organised by calibre
(e.g. ETA/2824-2/, Seiko/7S26/, Hermle/341-020/) with exploded diagrams and
part photos; the bench catalogue viewer reads them from ./catalogue/images.
"""
import argparse
import hashlib
import json
import logging
import shutil
import sys
import tarfile
from pathlib import Path

import requests

log = logging.getLogger("imagebundle")

BASE = "https://downloads.horoparts.example/catalogue"
CHUNK = 1 << 16


def get_manifest(session, base):
    resp = session.get(f"{base}/manifest.json", timeout=20)
    resp.raise_for_status()
    return resp.json()


def download(session, url, dest, expected_sha256):
    part = dest.with_suffix(dest.suffix + ".part")
    digest = hashlib.sha256()
    with session.get(url, stream=True, timeout=60) as resp:
        resp.raise_for_status()
        total = int(resp.headers.get("Content-Length", 0))
        got = 0
        with part.open("wb") as fh:
            for chunk in resp.iter_content(CHUNK):
                fh.write(chunk)
                digest.update(chunk)
                got += len(chunk)
        log.info("downloaded %.1f MB of %.1f MB", got / 1e6, total / 1e6)
    if expected_sha256 and digest.hexdigest() != expected_sha256.lower():
        part.unlink()
        raise ValueError(f"checksum mismatch for {url}")
    part.replace(dest)
    return dest


def image_members(tar):
    """Skip editor/OS clutter that ends up in the supplier's bundles."""
    for m in tar:
        name = Path(m.name).name
        if name.startswith("._") or name in {".DS_Store", "Thumbs.db"}:
            continue
        if m.isdir() or m.isfile():
            yield m


def unpack(archive, target):
    staging = target.with_name(target.name + ".new")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(staging, members=image_members(tar))
    if target.exists():
        old = target.with_name(target.name + ".old")
        if old.exists():
            shutil.rmtree(old)
        target.rename(old)
    staging.rename(target)
    return sum(1 for p in target.rglob("*") if p.is_file())


def main(argv=None):
    ap = argparse.ArgumentParser(description="Update catalogue images from the supplier bundle")
    ap.add_argument("--base", default=BASE)
    ap.add_argument("--week", help="bundle week (default: latest in manifest)")
    ap.add_argument("--dest", default="catalogue/images")
    ap.add_argument("--downloads", default="downloads")
    ap.add_argument("--keep-archive", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    session = requests.Session()
    session.headers["User-Agent"] = "bench-catalogue-images/1.2"
    try:
        manifest = get_manifest(session, args.base)
    except requests.RequestException as exc:
        log.error("manifest unavailable: %s", exc)
        return 1

    week = args.week or manifest.get("latest")
    entry = manifest.get("bundles", {}).get(week)
    if not entry:
        log.error("no bundle for week %s", week)
        return 1

    state_file = Path(args.dest).parent / ".images_week"
    if state_file.exists() and state_file.read_text().strip() == week:
        log.info("images already at week %s", week)
        return 0

    dl_dir = Path(args.downloads)
    dl_dir.mkdir(exist_ok=True)
    archive = dl_dir / entry["file"]
    try:
        download(session, f"{args.base}/{entry['file']}", archive, entry.get("sha256"))
        count = unpack(archive, Path(args.dest))
    except (requests.RequestException, ValueError, tarfile.TarError) as exc:
        log.error("update failed: %s", exc)
        return 1
    finally:
        if not args.keep_archive and archive.exists():
            archive.unlink()

    state_file.write_text(week + "\n")
    log.info("catalogue images updated to week %s (%d files)", week, count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
