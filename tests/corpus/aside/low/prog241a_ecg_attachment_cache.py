#!/usr/bin/env python3
"""Caches 12-lead ECG attachments for the hospital handover view.

The monitor uploads 12-lead PDFs/PNGs to the documents server; the tablet's
handover view shows them inline. This fetches the attachments listed for an
incident, keeps them in a local cache keyed by URL hash, and builds a small
self-contained HTML page with the images embedded.
"""
import argparse
import base64
import hashlib
import html
import json
import logging
import os
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

LOG = logging.getLogger("ecg_cache")

DOCS = {
    "base": "https://docs.example.net",
    "listing": "/incidents/{incident}/attachments.json",
}
CACHE_DIR = Path(".ecg_cache")
MAX_AGE = 3 * 24 * 3600


def cpu_workers():
    count = 0
    try:
        with open("/proc/cpuinfo") as fh:
            count = sum(1 for line in fh if line.startswith("processor"))
    except OSError:
        pass
    return max(1, min(count or 2, 4))


def cache_path(url):
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    return CACHE_DIR / key


def fetch(url, timeout=15):
    req = urllib.request.Request(url, headers={"Accept": "*/*"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read(), resp.headers.get_content_type()


class AttachmentCache:
    def __init__(self):
        CACHE_DIR.mkdir(exist_ok=True)

    def get(self, url):
        path = cache_path(url)
        meta = path.with_suffix(".json")
        if path.exists() and meta.exists():
            LOG.debug("cache hit %s", url)
            return path.read_bytes(), json.loads(meta.read_text())["type"]
        data, ctype = fetch(url)
        path.write_bytes(data)
        meta.write_text(json.dumps({"url": url, "type": ctype, "fetched": int(time.time())}))
        os.chmod(path, 0o600)
        os.chmod(meta, 0o600)
        return data, ctype

    def prune(self):
        now = time.time()
        removed = 0
        for p in CACHE_DIR.iterdir():
            if p.is_file() and now - p.stat().st_mtime > MAX_AGE:
                p.unlink()
                removed += 1
        return removed


def listing(incident):
    url = DOCS["base"] + DOCS["listing"].format(incident=incident)
    data, _ = fetch(url)
    items = json.loads(data)
    return [i for i in items if i.get("kind") == "ecg12"]


def render(incident, items, out_path):
    parts = ["<html><head><meta charset='utf-8'><title>ECG %s</title></head><body>" % html.escape(incident)]
    for item, (data, ctype) in items:
        label = html.escape(item.get("label", "12-lead"))
        b64 = base64.b64encode(data).decode("ascii")
        if ctype.startswith("image/"):
            parts.append("<h3>%s</h3><img src='data:%s;base64,%s'/>" % (label, ctype, b64))
        else:
            parts.append("<h3>%s</h3><embed type='%s' src='data:%s;base64,%s'/>" % (label, ctype, ctype, b64))
    parts.append("</body></html>")
    Path(out_path).write_text("\n".join(parts))
    os.chmod(out_path, 0o600)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Fetch and cache 12-lead ECG attachments")
    ap.add_argument("incident")
    ap.add_argument("--out", default="ecg_handover.html")
    ap.add_argument("--prune-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cache = AttachmentCache()
    LOG.info("pruned %d old cache files", cache.prune())
    if args.prune_only:
        return 0
    try:
        items = listing(args.incident)
    except (OSError, ValueError) as exc:
        LOG.error("cannot list attachments: %s", exc)
        return 1
    if not items:
        LOG.info("no 12-lead attachments for %s", args.incident)
        return 0

    with ThreadPoolExecutor(max_workers=cpu_workers()) as pool:
        results = list(pool.map(lambda i: cache.get(i["url"]), items))
    render(args.incident, list(zip(items, results)), args.out)
    LOG.info("wrote %s with %d attachments", args.out, len(items))
    return 0


if __name__ == "__main__":
    sys.exit(main())
