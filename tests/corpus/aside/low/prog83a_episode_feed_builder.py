#!/usr/bin/env python3
"""Build a podcast RSS feed from episodes.json.

Enclosure lengths and types come from a HEAD request against the CDN URL of
each episode so the feed always matches what is really hosted; results are
cached in .feedcache/ (keyed by URL hash) so rebuilds are fast. Output goes to
build/feed.xml.
"""

import argparse
import email.utils
import hashlib
import html
import json
import logging
import os
import shutil
import sys
import urllib.error
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("feedbuild")

CACHE_DIR = Path(".feedcache")
BUILD_DIR = Path("build")


def cache_key(url):
    return hashlib.md5(url.encode()).hexdigest()


def head_enclosure(url, timeout=10):
    path = CACHE_DIR / f"{cache_key(url)}.json"
    if path.exists():
        return json.loads(path.read_text())
    req = urllib.request.Request(url, method="HEAD",
                                 headers={"User-Agent": "feedbuild/2.1"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            meta = {"length": int(resp.headers.get("Content-Length", 0)),
                    "type": resp.headers.get("Content-Type", "audio/mpeg")}
    except (urllib.error.URLError, ValueError) as exc:
        log.warning("HEAD %s failed: %s", url, exc)
        return {"length": 0, "type": "audio/mpeg"}
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(meta))
    os.chmod(path, 0o600)
    return meta


def rfc822(iso):
    dt = datetime.fromisoformat(iso)
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return email.utils.format_datetime(dt)


def item_xml(ep):
    enc = head_enclosure(ep["url"])
    e = html.escape
    return (
        "    <item>\n"
        f"      <title>{e(ep['title'])}</title>\n"
        f"      <guid isPermaLink=\"false\">{e(ep['guid'])}</guid>\n"
        f"      <pubDate>{rfc822(ep['published'])}</pubDate>\n"
        f"      <description>{e(ep.get('summary', ''))}</description>\n"
        f"      <enclosure url=\"{e(ep['url'])}\" length=\"{enc['length']}\" type=\"{e(enc['type'])}\"/>\n"
        f"      <itunes:duration>{ep.get('duration', 0)}</itunes:duration>\n"
        "    </item>\n"
    )


def build(show, episodes):
    e = html.escape
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">\n'
        "  <channel>\n"
        f"    <title>{e(show['title'])}</title>\n"
        f"    <link>{e(show['link'])}</link>\n"
        f"    <description>{e(show.get('description', ''))}</description>\n"
        f"    <itunes:author>{e(show.get('author', ''))}</itunes:author>\n"
        f"    <lastBuildDate>{email.utils.format_datetime(datetime.now(timezone.utc))}</lastBuildDate>\n"
    )
    eps = sorted(episodes, key=lambda x: x["published"], reverse=True)
    body = "".join(item_xml(ep) for ep in eps if not ep.get("draft"))
    return head + body + "  </channel>\n</rss>\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-i", "--input", default="episodes.json")
    ap.add_argument("--clean", action="store_true", help="drop build/ and .feedcache/ first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean:
        for d in (BUILD_DIR, CACHE_DIR):
            shutil.rmtree(d, ignore_errors=True)
        log.info("cleaned build and cache")
    try:
        data = json.loads(Path(args.input).read_text())
        xml = build(data["show"], data["episodes"])
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot build feed: %s", exc)
        return 1
    BUILD_DIR.mkdir(exist_ok=True)
    (BUILD_DIR / "feed.xml").write_text(xml)
    log.info("wrote %s (%d items)", BUILD_DIR / "feed.xml", xml.count("<item>"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
