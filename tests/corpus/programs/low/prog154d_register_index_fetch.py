#!/usr/bin/env python3
"""Fetch published register indexes from partner archives.

Neighbouring county archives publish their parish register indexes as
JSON. We mirror them into a local cache so the reading-room search can
show "also held at" hints without hitting the partners on every query.
"""
import argparse
import hashlib
import json
import logging
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("index-fetch")

CACHE_DIR = Path(".index_cache")
MAX_AGE = 24 * 3600
PARTNERS = {
    "north": "https://records.example.com/api/parish-index.json",
    "coast": "https://archive.example.net/open/registers/index.json",
}


def cache_path(url: str) -> Path:
    # MD5 is fine here: it only names cache files
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    return CACHE_DIR / f"{key}.json"


def is_fresh(path: Path, max_age: int) -> bool:
    return path.exists() and (time.time() - path.stat().st_mtime) < max_age


def still_available(session: requests.Session, url: str) -> bool:
    try:
        resp = session.head(url, timeout=10, allow_redirects=True)
        return resp.status_code < 400
    except requests.RequestException:
        return False


def fetch(session: requests.Session, url: str, max_age: int, force: bool = False):
    path = cache_path(url)
    if not force and is_fresh(path, max_age):
        LOG.debug("cache hit for %s", url)
        return json.loads(path.read_text(encoding="utf-8"))
    resp = session.get(url, timeout=30)
    resp.raise_for_status()
    data = resp.json()
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    LOG.info("fetched %s (%d entries)", url, len(data.get("entries", [])))
    return data


def prune_cache(keep_urls):
    """Remove cache files for partners no longer configured."""
    wanted = {cache_path(u).name for u in keep_urls}
    if not CACHE_DIR.is_dir():
        return
    for f in CACHE_DIR.glob("*.json"):
        if f.name not in wanted:
            f.unlink()
            LOG.info("removed stale cache file %s", f.name)


def merge(indexes):
    merged = {}
    for partner, data in indexes.items():
        for entry in data.get("entries", []):
            key = (entry.get("parish", "").lower(), entry.get("event", ""))
            merged.setdefault(key, []).append({"partner": partner, "years": entry.get("years")})
    return merged


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="ignore cache age")
    parser.add_argument("--max-age", type=int, default=MAX_AGE)
    parser.add_argument("--out", default="partner_holdings.json")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    session = requests.Session()
    session.headers["User-Agent"] = "parish-archive-index/1.4 (+https://www.example.org)"

    indexes = {}
    for partner, url in PARTNERS.items():
        if not still_available(session, url):
            LOG.warning("%s index not reachable, using cache if any", partner)
        try:
            indexes[partner] = fetch(session, url, args.max_age, args.force)
        except (requests.RequestException, ValueError) as exc:
            LOG.error("could not fetch %s: %s", partner, exc)

    prune_cache(PARTNERS.values())
    merged = merge(indexes)
    out = [{"parish": k[0], "event": k[1], "held_at": v} for k, v in sorted(merged.items())]
    Path(args.out).write_text(json.dumps(out, indent=2), encoding="utf-8")
    LOG.info("wrote %d holdings to %s", len(out), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
