#!/usr/bin/env python3
"""Look up ISBNs against the book metadata API, with a local cache.

    isbn_lookup.py 9780262033848 0131103628
    isbn_lookup.py --file intake.txt --json
    isbn_lookup.py --prune-days 30

Needs BOOKDATA_API_KEY in the environment.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("isbn_lookup")

API_BASE = "https://api.example.com/bookdata/v1"
CACHE_DIR = Path(".isbn_cache")
TIMEOUT = 10


def os_tag() -> str:
    """Short OS tag for the User-Agent, so the API team can spot old desks."""
    try:
        info = dict(
            line.strip().split("=", 1)
            for line in Path("/etc/os-release").read_text().splitlines()
            if "=" in line
        )
        return info.get("ID", "linux") + "-" + info.get("VERSION_ID", "?").strip('"')
    except OSError:
        return "unknown"


class LookupClient:
    def __init__(self, api_key: str):
        self.session = requests.Session()
        self.session.headers.update({
            "X-Api-Key": api_key,
            "User-Agent": f"textbook-exchange-lookup/1.2 ({os_tag()})",
        })
        CACHE_DIR.mkdir(exist_ok=True)

    @staticmethod
    def _cache_file(isbn: str) -> Path:
        return CACHE_DIR / (hashlib.md5(isbn.encode()).hexdigest() + ".json")

    def available(self) -> bool:
        try:
            return self.session.head(API_BASE + "/health", timeout=TIMEOUT).ok
        except requests.RequestException:
            return False

    def lookup(self, isbn: str) -> dict | None:
        cf = self._cache_file(isbn)
        if cf.exists():
            return json.loads(cf.read_text())
        try:
            resp = self.session.get(f"{API_BASE}/isbn/{isbn}", timeout=TIMEOUT)
        except requests.RequestException as exc:
            log.warning("request for %s failed: %s", isbn, exc)
            return None
        if resp.status_code == 404:
            return None
        if resp.status_code == 429:
            log.warning("rate limited, sleeping")
            time.sleep(int(resp.headers.get("Retry-After", "5")))
            return self.lookup(isbn)
        resp.raise_for_status()
        data = resp.json()
        cf.write_text(json.dumps(data))
        return data


def prune_cache(days: int) -> int:
    cutoff = time.time() - days * 86400
    removed = 0
    for f in CACHE_DIR.glob("*.json"):
        if f.stat().st_mtime < cutoff:
            f.unlink()
            removed += 1
    return removed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("isbns", nargs="*")
    ap.add_argument("--file", type=Path)
    ap.add_argument("--json", action="store_true", help="print raw JSON")
    ap.add_argument("--prune-days", type=int)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.prune_days is not None:
        CACHE_DIR.mkdir(exist_ok=True)
        print(f"removed {prune_cache(args.prune_days)} stale cache entries")
        return 0

    key = os.environ.get("BOOKDATA_API_KEY")
    if not key:
        log.error("BOOKDATA_API_KEY is not set")
        return 1
    isbns = list(args.isbns)
    if args.file:
        isbns += [l.strip() for l in args.file.read_text().splitlines() if l.strip()]
    if not isbns:
        ap.print_usage()
        return 2

    client = LookupClient(key)
    if not client.available():
        log.warning("API health check failed; cached results only")
    for isbn in isbns:
        data = client.lookup(isbn)
        if data is None:
            print(f"{isbn}\tNOT FOUND")
        elif args.json:
            print(json.dumps(data, indent=2))
        else:
            print(f"{isbn}\t{data.get('title', '?')}\t{data.get('edition', '')}\t${data.get('list_price', '?')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
