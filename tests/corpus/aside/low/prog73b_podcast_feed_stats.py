#!/usr/bin/env python3
"""Episode statistics for a podcast from its JSON Feed.

Fetches the show's JSON Feed (https://jsonfeed.org), caches it under
./.feedcache keyed by URL, and writes a CSV with one row per episode:
publish date, duration, gap since the previous episode and enclosure size.
Prints a short summary (release cadence, median length, longest gap).
"""
import argparse
import csv
import hashlib
import json
import logging
import statistics
import sys
import time
import urllib.error
import urllib.request
from datetime import datetime
from pathlib import Path

log = logging.getLogger("feedstats")

CACHE_DIR = Path(".feedcache")
CACHE_TTL = 3600
USER_AGENT = "feedstats/0.4 (+https://github.com/example/feedstats)"


def cache_path(url):
    return CACHE_DIR / (hashlib.md5(url.encode("utf-8")).hexdigest() + ".json")


def fetch_feed(url, refresh=False):
    cached = cache_path(url)
    if not refresh and cached.exists() and time.time() - cached.stat().st_mtime < CACHE_TTL:
        log.debug("cache hit %s", cached.name)
        return json.loads(cached.read_text(encoding="utf-8"))
    req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT,
                                               "Accept": "application/feed+json, application/json"})
    for attempt in range(3):
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                body = resp.read().decode("utf-8")
            break
        except (urllib.error.URLError, TimeoutError) as exc:
            log.warning("fetch attempt %d failed: %s", attempt + 1, exc)
            time.sleep(2 * (attempt + 1))
    else:
        if cached.exists():
            log.warning("using stale cache")
            return json.loads(cached.read_text(encoding="utf-8"))
        raise RuntimeError(f"could not fetch {url}")
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(body, encoding="utf-8")
    return json.loads(body)


def parse_date(value):
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except (AttributeError, ValueError):
        return None


def episodes(feed):
    for item in feed.get("items", []):
        published = parse_date(item.get("date_published"))
        if not published:
            continue
        att = (item.get("attachments") or [{}])[0]
        yield {
            "title": item.get("title", "").strip(),
            "published": published,
            "seconds": att.get("duration_in_seconds"),
            "bytes": att.get("size_in_bytes"),
        }


def build_rows(items):
    items = sorted(items, key=lambda e: e["published"])
    prev = None
    for ep in items:
        gap = (ep["published"] - prev).days if prev else None
        prev = ep["published"]
        yield {**ep, "gap_days": gap}


def write_csv(rows, out):
    with open(out, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["published", "title", "seconds", "bytes", "gap_days"])
        w.writeheader()
        for r in rows:
            w.writerow({**r, "published": r["published"].date().isoformat()})


def summarise(rows):
    lengths = [r["seconds"] / 60 for r in rows if r["seconds"]]
    gaps = [r["gap_days"] for r in rows if r["gap_days"] is not None]
    print(f"episodes:        {len(rows)}")
    if lengths:
        print(f"median length:   {statistics.median(lengths):.1f} min")
    if gaps:
        print(f"median cadence:  {statistics.median(gaps):.0f} days")
        longest = max(rows, key=lambda r: r["gap_days"] or 0)
        print(f"longest gap:     {longest['gap_days']} days (before '{longest['title']}')")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("feed_url")
    ap.add_argument("-o", "--out", type=Path, default=Path("episodes.csv"))
    ap.add_argument("--refresh", action="store_true", help="ignore the cache")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    try:
        feed = fetch_feed(args.feed_url, args.refresh)
    except (RuntimeError, json.JSONDecodeError) as exc:
        log.error("%s", exc)
        return 1
    rows = list(build_rows(episodes(feed)))
    if not rows:
        log.error("feed has no dated episodes")
        return 1
    write_csv(rows, args.out)
    print(f"{feed.get('title', 'podcast')}: wrote {args.out}")
    summarise(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
