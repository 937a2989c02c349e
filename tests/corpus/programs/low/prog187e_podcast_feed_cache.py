#!/usr/bin/env python3
"""Cache podcast episode listings for the station's on-demand page.

Fetches each show's episode list from the podcast host's JSON API,
keeps a local cache keyed by the MD5 of the feed URL, and writes a
combined listing with small cover images embedded as data URIs.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import time
from pathlib import Path

import requests

log = logging.getLogger("podcast-cache")

CACHE_DIR = Path(os.environ.get("PODCAST_CACHE", "./cache/podcasts"))
MAX_AGE = int(os.environ.get("PODCAST_CACHE_MAX_AGE", "1800"))
FEEDS = {
    "morning-show": "https://podcasts.example.com/api/shows/wxpr-morning/episodes.json",
    "folk-hour": "https://podcasts.example.com/api/shows/wxpr-folk-hour/episodes.json",
    "city-council": "https://podcasts.example.com/api/shows/wxpr-council/episodes.json",
}


def cache_path(url: str) -> Path:
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    return CACHE_DIR / f"{key}.json"


def get_feed(url: str, refresh: bool) -> list:
    path = cache_path(url)
    if not refresh and path.exists() and time.time() - path.stat().st_mtime < MAX_AGE:
        log.debug("cache hit %s", url)
        return json.loads(path.read_text())
    resp = requests.get(url, timeout=15)
    resp.raise_for_status()
    episodes = resp.json().get("episodes", [])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(episodes))
    log.info("fetched %d episodes from %s", len(episodes), url)
    return episodes


def cover_data_uri(url: str) -> str:
    if not url:
        return ""
    resp = requests.get(url, timeout=15)
    if resp.status_code != 200 or len(resp.content) > 64_000:
        return url
    mime = resp.headers.get("Content-Type", "image/jpeg")
    return f"data:{mime};base64,{base64.b64encode(resp.content).decode('ascii')}"


def build_listing(refresh: bool, limit: int) -> dict:
    listing = {}
    for show, url in FEEDS.items():
        try:
            episodes = get_feed(url, refresh)[:limit]
        except requests.RequestException as exc:
            log.warning("%s: %s", show, exc)
            continue
        listing[show] = [
            {
                "title": ep.get("title", ""),
                "published": ep.get("published_at", ""),
                "audio": ep.get("audio_url", ""),
                "cover": cover_data_uri(ep.get("image_url", "")),
            }
            for ep in episodes
        ]
    return listing


def main() -> None:
    parser = argparse.ArgumentParser(description="on-demand podcast listing")
    parser.add_argument("--out", type=Path, default=Path("ondemand.json"))
    parser.add_argument("--limit", type=int, default=10)
    parser.add_argument("--refresh", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    listing = build_listing(args.refresh, args.limit)
    args.out.write_text(json.dumps(listing, indent=2))
    log.info("wrote %s (%d shows)", args.out, len(listing))


if __name__ == "__main__":
    main()
