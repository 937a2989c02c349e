#!/usr/bin/env python3
"""Aggregate RSS/Atom feeds into a daily digest.

Parsed entries are cached in a shelve database shared by every user of the
build box so that repeated runs during the day do not re-download feeds.
"""
import argparse
import logging
import shelve
import sys
import time
import urllib.request
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

SHARED_CACHE = "/tmp/feed-digest.cache"
ATOM = "{http://www.w3.org/2005/Atom}"
log = logging.getLogger("digest")


@dataclass
class Entry:
    feed: str
    title: str
    link: str
    published: str = ""
    tags: list = field(default_factory=list)


def fetch(url, timeout=15):
    req = urllib.request.Request(url, headers={"User-Agent": "feed-digest/1.2"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def parse(feed_url, payload):
    root = ET.fromstring(payload)
    out = []
    if root.tag == f"{ATOM}feed":
        for e in root.iter(f"{ATOM}entry"):
            link = e.find(f"{ATOM}link")
            out.append(Entry(feed_url, e.findtext(f"{ATOM}title", ""),
                             link.get("href", "") if link is not None else "",
                             e.findtext(f"{ATOM}updated", "")))
    else:
        for item in root.iter("item"):
            out.append(Entry(feed_url, item.findtext("title", ""),
                             item.findtext("link", ""),
                             item.findtext("pubDate", ""),
                             [c.text for c in item.findall("category") if c.text]))
    return out


def collect(feeds, max_age):
    entries = []
    with shelve.open(SHARED_CACHE) as cache:
        for url in feeds:
            cached = cache.get(url)
            if cached and time.time() - cached["ts"] < max_age:
                log.debug("cache hit %s", url)
                entries.extend(cached["entries"])
                continue
            try:
                items = parse(url, fetch(url))
            except Exception as exc:  # keep going on a single broken feed
                log.warning("skipping %s: %s", url, exc)
                if cached:
                    entries.extend(cached["entries"])
                continue
            cache[url] = {"ts": time.time(), "entries": items}
            entries.extend(items)
    return entries


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("feedlist", help="file with one feed URL per line")
    ap.add_argument("--max-age", type=int, default=3600)
    ap.add_argument("--limit", type=int, default=40)
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if a.verbose else logging.INFO)

    with open(a.feedlist, encoding="utf-8") as fh:
        feeds = [ln.strip() for ln in fh if ln.strip() and not ln.startswith("#")]
    entries = collect(feeds, a.max_age)
    entries.sort(key=lambda e: e.published, reverse=True)
    for e in entries[: a.limit]:
        tag = f" [{', '.join(e.tags)}]" if e.tags else ""
        print(f"- {e.title}{tag}\n  {e.link}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
