#!/usr/bin/env python3
"""Mirror supplier part pages into a single offline HTML booklet.

Useful for the barn-find call-outs where there's no signal: fetch each part
page and its thumbnail, inline the images as base64 data URIs, and write one
self-contained HTML file. Downloads are cached by URL hash so reruns are cheap.
"""
import argparse
import base64
import hashlib
import html
import json
import logging
import os
import shutil
import tempfile
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

LOG = logging.getLogger("catmirror")
CACHE = Path(".mirror_cache")


def cpu_workers(default=4):
    """Use the core count from /proc/cpuinfo, capped so suppliers aren't hammered."""
    try:
        with open("/proc/cpuinfo") as fh:
            cores = sum(1 for line in fh if line.startswith("processor"))
        return max(1, min(cores, 8))
    except OSError:
        return default


def cache_file(url):
    return CACHE / hashlib.md5(url.encode()).hexdigest()


def get(url, timeout=15):
    cf = cache_file(url)
    if cf.exists():
        return cf.read_bytes()
    req = urllib.request.Request(url, headers={"User-Agent": "workshop-mirror/0.4"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = resp.read()
    CACHE.mkdir(exist_ok=True)
    # write via a temp file in the cache dir, then rename into place
    fd, tmp = tempfile.mkstemp(dir=CACHE)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    os.replace(tmp, cf)
    return data


def fetch_part(entry):
    try:
        meta = json.loads(get(entry["api"]))
        img = get(meta["thumbnail"]) if meta.get("thumbnail") else b""
    except (OSError, ValueError, KeyError) as exc:
        LOG.warning("%s: %s", entry.get("sku"), exc)
        return None
    return {"sku": entry["sku"], "title": meta.get("title", ""),
            "fits": meta.get("fits", []), "price": meta.get("price"),
            "img": base64.b64encode(img).decode() if img else ""}


def render(parts, title):
    out = [f"<!doctype html><meta charset=utf-8><title>{html.escape(title)}</title>",
           "<style>body{font-family:sans-serif}.p{display:flex;gap:1em;margin:1em 0}"
           "img{width:160px}</style>", f"<h1>{html.escape(title)}</h1>"]
    for p in parts:
        img = f'<img src="data:image/jpeg;base64,{p["img"]}">' if p["img"] else ""
        fits = ", ".join(html.escape(f) for f in p["fits"])
        out.append(f'<div class=p>{img}<div><b>{html.escape(p["sku"])}</b> '
                   f'{html.escape(p["title"])}<br>Fits: {fits}<br>'
                   f'Price: {p["price"] or "ask"}</div></div>')
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("index", type=Path, help="JSON list of {sku, api} entries")
    ap.add_argument("--out", default="parts_booklet.html")
    ap.add_argument("--title", default="Parts booklet")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE.exists():
        shutil.rmtree(CACHE)
        LOG.info("cache cleared")
    entries = json.loads(args.index.read_text())
    with ThreadPoolExecutor(max_workers=cpu_workers()) as pool:
        parts = [p for p in pool.map(fetch_part, entries) if p]
    Path(args.out).write_text(render(parts, args.title), encoding="utf-8")
    LOG.info("wrote %s with %d of %d parts", args.out, len(parts), len(entries))


if __name__ == "__main__":
    main()
