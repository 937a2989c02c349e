#!/usr/bin/env python3
"""Build a Markdown digest from a handful of RSS/Atom feeds.

Feeds are listed in feeds.txt (one URL per line) in the current directory.
The digest is written to digest.md next to it.
"""
import argparse
import datetime as dt
import os
import sys

import requests
from bs4 import BeautifulSoup

USER_AGENT = "rss-digest/0.3 (+https://example.org/rss-digest)"
DEFAULT_FEEDS = "feeds.txt"
DEFAULT_OUT = "digest.md"


def load_feed_urls(path):
    if not os.path.exists(path):
        print(f"no feed list found at {path}", file=sys.stderr)
        return []
    with open(path, encoding="utf-8") as fh:
        return [ln.strip() for ln in fh if ln.strip() and not ln.startswith("#")]


def fetch(url):
    resp = requests.get(url, headers={"User-Agent": USER_AGENT}, timeout=15)
    resp.raise_for_status()
    return resp.text


def parse_items(xml_text, limit):
    # html.parser is lenient and does not resolve external entities.
    soup = BeautifulSoup(xml_text, "html.parser")
    channel_title = soup.find("title")
    feed_name = channel_title.get_text(strip=True) if channel_title else "untitled"
    items = soup.find_all("item") or soup.find_all("entry")
    out = []
    for item in items[:limit]:
        title = item.find("title")
        link = item.find("link")
        href = ""
        if link is not None:
            href = link.get("href") or link.get_text(strip=True)
        date = item.find("pubdate") or item.find("updated") or item.find("published")
        out.append({
            "title": title.get_text(strip=True) if title else "(no title)",
            "link": href,
            "date": date.get_text(strip=True) if date else "",
        })
    return feed_name, out


def render(sections):
    lines = [f"# Feed digest - {dt.date.today().isoformat()}", ""]
    for name, items in sections:
        lines.append(f"## {name}")
        lines.append("")
        if not items:
            lines.append("_nothing new_")
        for it in items:
            suffix = f" ({it['date']})" if it["date"] else ""
            lines.append(f"- [{it['title']}]({it['link']}){suffix}")
        lines.append("")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--feeds", default=DEFAULT_FEEDS)
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--per-feed", type=int, default=8)
    args = ap.parse_args()

    sections = []
    for url in load_feed_urls(args.feeds):
        try:
            text = fetch(url)
        except requests.RequestException as exc:
            print(f"skip {url}: {exc}", file=sys.stderr)
            continue
        sections.append(parse_items(text, args.per_feed))

    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write(render(sections))
    print(f"wrote {len(sections)} feeds to {args.out}")


if __name__ == "__main__":
    main()
