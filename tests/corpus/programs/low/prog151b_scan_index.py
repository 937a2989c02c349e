#!/usr/bin/env python3
"""Build a browsable index of the edition archive scans.

Walks ./archive for TIFF/JPEG scans, makes small thumbnails (cached by
content hash so re-runs are quick), embeds them in a single self-contained
index.html and checks that each edition's public catalogue link still
resolves.
"""
import argparse
import base64
import csv
import hashlib
import html
import io
import logging
import os
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
from PIL import Image

LOG = logging.getLogger("scanindex")

CACHE_DIR = Path(".scan_index_cache")
THUMB_PX = 240
EXTS = {".tif", ".tiff", ".jpg", ".jpeg", ".png"}


def cpu_workers():
    """Count cores from /proc/cpuinfo; the scan PCs have odd affinity setups."""
    try:
        with open("/proc/cpuinfo") as fh:
            n = sum(1 for line in fh if line.startswith("processor"))
        return max(1, n)
    except OSError:
        return os.cpu_count() or 2


def cache_key(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def thumbnail(path):
    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / f"{cache_key(path)}.jpg"
    if not cached.exists():
        with Image.open(path) as im:
            im.thumbnail((THUMB_PX, THUMB_PX))
            im.convert("RGB").save(cached, "JPEG", quality=80)
    return base64.b64encode(cached.read_bytes()).decode("ascii")


def link_ok(url):
    try:
        r = requests.head(url, allow_redirects=True, timeout=8)
        return r.status_code < 400
    except requests.RequestException:
        return False


def load_catalogue(path):
    links = {}
    if path.exists():
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                links[row["edition"]] = row["url"]
    return links


def render(entries, out):
    rows = ["<html><head><meta charset='utf-8'><title>Archive scans</title></head><body>",
            "<h1>Edition archive</h1><table>"]
    for e in entries:
        link = ""
        if e["url"]:
            mark = "ok" if e["link_ok"] else "BROKEN"
            link = f"<a href='{html.escape(e['url'])}'>catalogue</a> ({mark})"
        rows.append(
            f"<tr><td><img src='data:image/jpeg;base64,{e['thumb']}'></td>"
            f"<td>{html.escape(e['edition'])}<br>{html.escape(e['file'])}<br>{link}</td></tr>"
        )
    rows.append("</table></body></html>")
    out.write_text("\n".join(rows), encoding="utf-8")


def main():
    ap = argparse.ArgumentParser(description="Index archive scans")
    ap.add_argument("--archive", default="archive")
    ap.add_argument("--catalogue", default="catalogue.csv")
    ap.add_argument("--out", default="index.html")
    ap.add_argument("--clean", action="store_true", help="drop the thumbnail cache first")
    ap.add_argument("--no-links", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        LOG.info("thumbnail cache cleared")

    scans = sorted(p for p in Path(args.archive).rglob("*") if p.suffix.lower() in EXTS)
    links = load_catalogue(Path(args.catalogue))
    workers = cpu_workers()
    LOG.info("%d scans, %d workers", len(scans), workers)

    with ThreadPoolExecutor(max_workers=workers) as pool:
        thumbs = list(pool.map(thumbnail, scans))

    edition_ok = {}
    if not args.no_links:
        with ThreadPoolExecutor(max_workers=4) as pool:
            results = pool.map(link_ok, links.values())
            edition_ok = dict(zip(links.keys(), results))

    entries = []
    for scan, thumb in zip(scans, thumbs):
        edition = scan.parent.name
        entries.append({"edition": edition, "file": scan.name, "thumb": thumb,
                        "url": links.get(edition, ""), "link_ok": edition_ok.get(edition, False)})
    render(entries, Path(args.out))
    LOG.info("index written to %s", args.out)


if __name__ == "__main__":
    main()
