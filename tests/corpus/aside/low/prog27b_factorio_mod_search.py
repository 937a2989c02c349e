#!/usr/bin/env python3
"""Search the Factorio mod portal and cache results locally.

Responses are cached under ./.modcache keyed by the MD5 of the query URL so
repeated searches while planning a modpack do not hammer the portal."""
import argparse
import hashlib
import json
import os
import shutil
import time

import requests

PORTAL = "https://mods.factorio.com/api/mods"
CACHE_DIR = ".modcache"
CACHE_TTL = 3600


def cache_path(url):
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    return os.path.join(CACHE_DIR, key + ".json")


def cached_get(url, params):
    full = requests.Request("GET", url, params=params).prepare().url
    path = cache_path(full)
    if os.path.exists(path) and time.time() - os.path.getmtime(path) < CACHE_TTL:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    resp = requests.get(full, timeout=20)
    resp.raise_for_status()
    data = resp.json()
    os.makedirs(CACHE_DIR, exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(data, fh)
    return data


def search(term, version, pages):
    results = []
    for page in range(1, pages + 1):
        data = cached_get(PORTAL, {"page": page, "page_size": 50, "version": version})
        for mod in data.get("results", []):
            text = f"{mod.get('name', '')} {mod.get('title', '')} {mod.get('summary', '')}".lower()
            if term.lower() in text:
                results.append(mod)
        if page >= data.get("pagination", {}).get("page_count", 1):
            break
    return results


def show(mods, limit):
    mods = sorted(mods, key=lambda m: m.get("downloads_count", 0), reverse=True)
    for mod in mods[:limit]:
        latest = mod.get("latest_release") or {}
        print(f"{mod.get('name'):<32} {mod.get('downloads_count', 0):>9}  "
              f"v{latest.get('version', '?'):<8} {mod.get('title', '')}")
    if not mods:
        print("no matching mods")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("term", nargs="?", default="")
    ap.add_argument("--version", default="1.1")
    ap.add_argument("--pages", type=int, default=3)
    ap.add_argument("--limit", type=int, default=20)
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()

    if args.clear_cache and os.path.isdir(CACHE_DIR):
        shutil.rmtree(CACHE_DIR)
        print("cache cleared")
        if not args.term:
            return
    show(search(args.term, args.version, args.pages), args.limit)


if __name__ == "__main__":
    main()
