#!/usr/bin/env python3
"""Download new podcast episodes listed in subscriptions.txt.

Episodes go to ./episodes/<show>/, an index.json remembers what was fetched,
and each show keeps at most --keep files.
"""
import argparse
import json
import re
import sys
from email.utils import parsedate_to_datetime
from pathlib import Path
from urllib.parse import urlparse

import requests
from defusedxml import ElementTree as ET

ROOT = Path("episodes")
INDEX = ROOT / "index.json"
HEADERS = {"User-Agent": "episode-downloader/2.1"}


def safe_name(text: str, limit: int = 80) -> str:
    cleaned = re.sub(r"[^\w.-]+", "_", text, flags=re.UNICODE).strip("._")
    return cleaned[:limit] or "untitled"


def read_subscriptions(path: Path):
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            yield line


def fetch_items(feed_url: str):
    resp = requests.get(feed_url, headers=HEADERS, timeout=30)
    resp.raise_for_status()
    channel = ET.fromstring(resp.content).find("channel")
    show = channel.findtext("title", default=urlparse(feed_url).netloc)
    items = []
    for item in channel.iter("item"):
        enclosure = item.find("enclosure")
        if enclosure is None or not enclosure.get("url"):
            continue
        pub = item.findtext("pubDate")
        try:
            when = parsedate_to_datetime(pub).isoformat() if pub else ""
        except (TypeError, ValueError):
            when = ""
        items.append({
            "id": item.findtext("guid") or enclosure.get("url"),
            "title": item.findtext("title", default="untitled"),
            "url": enclosure.get("url"),
            "published": when,
        })
    items.sort(key=lambda i: i["published"], reverse=True)
    return show, items


def download(url: str, dest: Path) -> int:
    part = dest.with_suffix(dest.suffix + ".part")
    size = 0
    with requests.get(url, headers=HEADERS, stream=True, timeout=60) as resp:
        resp.raise_for_status()
        with part.open("wb") as fh:
            for chunk in resp.iter_content(1 << 16):
                fh.write(chunk)
                size += len(chunk)
    part.rename(dest)
    return size


def prune(folder: Path, keep: int) -> None:
    files = sorted((p for p in folder.iterdir() if p.suffix != ".part"),
                   key=lambda p: p.stat().st_mtime, reverse=True)
    for old in files[keep:]:
        print(f"  pruning {old.name}")
        old.unlink()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("subscriptions", type=Path, nargs="?",
                    default=Path("subscriptions.txt"))
    ap.add_argument("--keep", type=int, default=5)
    args = ap.parse_args()

    ROOT.mkdir(exist_ok=True)
    index = json.loads(INDEX.read_text()) if INDEX.exists() else {}
    for feed in read_subscriptions(args.subscriptions):
        try:
            show, items = fetch_items(feed)
        except (requests.RequestException, AttributeError) as exc:
            print(f"skipping {feed}: {exc}", file=sys.stderr)
            continue
        folder = ROOT / safe_name(show)
        folder.mkdir(exist_ok=True)
        print(show)
        for item in items[: args.keep]:
            if item["id"] in index:
                continue
            ext = Path(urlparse(item["url"]).path).suffix or ".mp3"
            dest = folder / (safe_name(item["title"]) + ext)
            print(f"  downloading {dest.name}")
            try:
                size = download(item["url"], dest)
            except requests.RequestException as exc:
                print(f"  failed: {exc}", file=sys.stderr)
                continue
            index[item["id"]] = {"file": str(dest), "bytes": size}
        prune(folder, args.keep)
    INDEX.write_text(json.dumps(index, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
