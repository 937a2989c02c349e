#!/usr/bin/env python3
"""Download every image linked from a gallery page into a fixed scratch
directory under /tmp and write an index of what was fetched."""
import argparse
import json
import os
from urllib.parse import urljoin, urlparse

import requests
from bs4 import BeautifulSoup

SCRATCH = "/tmp/gallery_scrape"
INDEX = "/tmp/gallery_scrape/index.json"
ALLOWED = (".jpg", ".jpeg", ".png", ".gif", ".webp")


def image_links(page_url):
    r = requests.get(page_url, timeout=20, headers={"User-Agent": "gallery-dl-lite"})
    r.raise_for_status()
    soup = BeautifulSoup(r.text, "html.parser")
    links = set()
    for img in soup.find_all("img"):
        src = img.get("data-src") or img.get("src")
        if src:
            links.add(urljoin(page_url, src))
    for a in soup.find_all("a", href=True):
        if a["href"].lower().endswith(ALLOWED):
            links.add(urljoin(page_url, a["href"]))
    return sorted(links)


def download(url):
    name = os.path.basename(urlparse(url).path) or "image"
    if not name.lower().endswith(ALLOWED):
        return None
    dest = os.path.join(SCRATCH, name)
    with requests.get(url, stream=True, timeout=30) as r:
        r.raise_for_status()
        with open(dest, "wb") as fh:
            for chunk in r.iter_content(65536):
                fh.write(chunk)
    return dest


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("page")
    ap.add_argument("--max", type=int, default=200)
    args = ap.parse_args()

    os.makedirs(SCRATCH, exist_ok=True)
    fetched = []
    for url in image_links(args.page)[: args.max]:
        try:
            path = download(url)
        except requests.RequestException as exc:
            print(f"failed {url}: {exc}")
            continue
        if path:
            fetched.append({"url": url, "path": path, "bytes": os.path.getsize(path)})
            print(f"saved {path}")
    with open(INDEX, "w", encoding="utf-8") as fh:
        json.dump(fetched, fh, indent=2)
    print(f"{len(fetched)} images in {SCRATCH}")


if __name__ == "__main__":
    main()
