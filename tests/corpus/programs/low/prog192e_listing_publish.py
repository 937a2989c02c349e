#!/usr/bin/env python3
"""Publish a finished piece to the online marketplace.

Reads a listing description (listing.json) from the project
folder, attaches the hero photo as base64, and posts it to the
marketplace listings API using the shop's API key.
"""
import argparse
import asyncio
import base64
import json
import logging
import os
import urllib.request
from dataclasses import asdict, dataclass, field
from pathlib import Path

log = logging.getLogger("listing")

API_BASE = os.environ.get("MARKET_API", "https://api.marketplace.example.com/v1")


@dataclass
class Listing:
    title: str
    price: float
    materials: list = field(default_factory=list)
    dimensions_cm: dict = field(default_factory=dict)
    description: str = ""
    photo_b64: str = ""
    category: str = "furniture/upcycled"


def api_key():
    key = os.environ.get("MARKET_API_KEY")
    if not key:
        raise SystemExit("MARKET_API_KEY is not set")
    return key


def load_listing(project):
    meta = json.loads((project / "listing.json").read_text(encoding="utf-8"))
    hero = project / meta.pop("hero", "hero.jpg")
    listing = Listing(**meta)
    if hero.is_file():
        listing.photo_b64 = base64.b64encode(hero.read_bytes()).decode("ascii")
    return listing


def endpoint(*parts):
    return "/".join([API_BASE.rstrip("/"), *parts])


def _post(url, body, key):
    req = urllib.request.Request(
        url,
        data=json.dumps(body).encode("utf-8"),
        method="POST",
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read() or b"{}")


async def publish(listing, key, draft):
    body = asdict(listing)
    body["state"] = "draft" if draft else "active"
    result = await asyncio.to_thread(_post, endpoint("listings"), body, key)
    log.info("listing %s created (%s)", result.get("id", "?"), body["state"])
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("project", type=Path)
    ap.add_argument("--draft", action="store_true")
    ap.add_argument("--show", action="store_true", help="print payload without photo and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    listing = load_listing(args.project)
    if args.show:
        preview = asdict(listing)
        preview["photo_b64"] = f"<{len(listing.photo_b64)} chars>"
        print(json.dumps(preview, indent=2))
        return
    result = asyncio.run(publish(listing, api_key(), args.draft))
    (args.project / "listing.published.json").write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
