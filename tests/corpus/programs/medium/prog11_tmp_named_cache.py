#!/usr/bin/env python3
"""Caches API answers between runs under /tmp, one file per query name."""
import argparse
import hashlib
import json
import logging
import os
import time
import urllib.request

CACHE_DIR = "/tmp"
log = logging.getLogger("cache")


def cache_file(name: str) -> str:
    return os.path.join(CACHE_DIR, f"apicache-{name}.json")


def fetch(url: str, name: str, max_age: int):
    path = cache_file(name)
    if os.path.exists(path) and time.time() - os.path.getmtime(path) < max_age:
        with open(path) as fh:
            return json.load(fh)
    with urllib.request.urlopen(url, timeout=10) as resp:
        data = json.load(resp)
    with open(path, "w") as fh:
        json.dump(data, fh)
    return data


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("url")
    ap.add_argument("--name")
    ap.add_argument("--max-age", type=int, default=600)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    name = args.name or hashlib.sha256(args.url.encode()).hexdigest()[:12]
    print(json.dumps(fetch(args.url, name, args.max_age), indent=2)[:2000])


if __name__ == "__main__":
    main()
