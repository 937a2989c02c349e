#!/usr/bin/env python3
"""Build a single HTML page with the newest items from a list of feeds.

Feeds are listed one per line in feeds.txt.  Responses are cached under
./.feedcache (keyed by the MD5 of the URL) so repeated runs within the TTL
don't hit the sites again.  Atom/RSS is parsed with defusedxml.
"""
import argparse
import hashlib
import html
import json
import logging
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from defusedxml import ElementTree as SafeET

log = logging.getLogger("rss-digest")
CACHE_DIR = Path(".feedcache")
ATOM = "{http://www.w3.org/2005/Atom}"
UA = "morning-digest/0.9 (+local)"


@dataclass
class Item:
    feed: str
    title: str
    link: str
    published: str


def cache_path(url):
    return CACHE_DIR / (hashlib.md5(url.encode("utf-8")).hexdigest() + ".xml")


def fetch(url, ttl, timeout):
    path = cache_path(url)
    if path.exists() and time.time() - path.stat().st_mtime < ttl:
        return path.read_bytes()
    req = urllib.request.Request(url, headers={"User-Agent": UA})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        body = resp.read(5_000_000)
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_bytes(body)
    return body


def parse(feed_url, body, per_feed):
    root = SafeET.fromstring(body)
    items = []
    if root.tag == f"{ATOM}feed":
        name = root.findtext(f"{ATOM}title", default=feed_url)
        for entry in root.findall(f"{ATOM}entry")[:per_feed]:
            link_el = entry.find(f"{ATOM}link")
            items.append(Item(name, entry.findtext(f"{ATOM}title", ""),
                              link_el.get("href", "") if link_el is not None else "",
                              entry.findtext(f"{ATOM}updated", "")))
    else:
        channel = root.find("channel")
        if channel is None:
            raise ValueError("not RSS or Atom")
        name = channel.findtext("title", default=feed_url)
        for it in channel.findall("item")[:per_feed]:
            items.append(Item(name, it.findtext("title", ""), it.findtext("link", ""),
                              it.findtext("pubDate", "")))
    return items


def render(items_by_feed):
    parts = ["<!doctype html><meta charset='utf-8'><title>Morning digest</title>",
             "<style>body{font-family:sans-serif;max-width:46em;margin:auto}</style>",
             f"<h1>Morning digest — {time.strftime('%A %d %B')}</h1>"]
    for feed, items in items_by_feed.items():
        parts.append(f"<h2>{html.escape(feed)}</h2><ul>")
        for it in items:
            parts.append(f"<li><a href='{html.escape(it.link, quote=True)}'>"
                         f"{html.escape(it.title)}</a> <small>{html.escape(it.published)}</small></li>")
        parts.append("</ul>")
    return "\n".join(parts)


def prune_cache(max_age):
    if not CACHE_DIR.is_dir():
        return 0
    removed = 0
    for f in CACHE_DIR.glob("*.xml"):
        if time.time() - f.stat().st_mtime > max_age:
            f.unlink()
            removed += 1
    return removed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--feeds", default="feeds.txt")
    ap.add_argument("--per-feed", type=int, default=5)
    ap.add_argument("--ttl", type=int, default=1800)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("-o", "--output", default="digest.html")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    urls = [l.strip() for l in Path(args.feeds).read_text().splitlines()
            if l.strip() and not l.startswith("#")]
    grouped, failures = {}, {}
    for url in urls:
        try:
            for item in parse(url, fetch(url, args.ttl, args.timeout), args.per_feed):
                grouped.setdefault(item.feed, []).append(item)
        except (urllib.error.URLError, SafeET.ParseError, ValueError, OSError) as exc:
            failures[url] = str(exc)
            log.warning("%s: %s", url, exc)

    Path(args.output).write_text(render(grouped), encoding="utf-8")
    Path("digest-errors.json").write_text(json.dumps(failures, indent=2))
    log.info("wrote %s (%d feeds, %d failed, %d stale cache files removed)",
             args.output, len(grouped), len(failures), prune_cache(7 * 86400))
    return 0


if __name__ == "__main__":
    sys.exit(main())
