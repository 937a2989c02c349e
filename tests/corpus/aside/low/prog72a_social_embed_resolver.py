#!/usr/bin/env python3
"""Resolve social media links in story drafts to static embed cards.

Scans draft articles (drafts/*.md) for bare social links, asks each
provider's public oEmbed endpoint for the embed metadata, caches the
answers under ./.embed_cache, and writes embeds.json next to the
drafts.  Thumbnails are inlined as data URIs so the preview renders
offline in the CMS editor.
"""
import argparse
import base64
import hashlib
import json
import logging
import re
import time
from pathlib import Path
from urllib.parse import urlparse

import requests

LOG = logging.getLogger("embeds")

PROVIDERS = {
    "youtube.com": "https://www.youtube.com/oembed",
    "youtu.be": "https://www.youtube.com/oembed",
    "vimeo.com": "https://vimeo.com/api/oembed.json",
    "soundcloud.com": "https://soundcloud.com/oembed",
    "flickr.com": "https://www.flickr.com/services/oembed/",
    "bsky.app": "https://embed.bsky.app/oembed",
}
LINK_RE = re.compile(r"(?m)^\s*(https?://\S+)\s*$")
CACHE = Path(".embed_cache")


class OEmbedClient:
    def __init__(self, timeout=10, max_thumb=300_000):
        self.http = requests.Session()
        self.http.headers["User-Agent"] = "newsroom-embed-resolver/1.4"
        self.timeout = timeout
        self.max_thumb = max_thumb

    def _endpoint(self, url):
        host = urlparse(url).netloc.lower().removeprefix("www.")
        return PROVIDERS.get(host)

    def _cache_path(self, url):
        return CACHE / (hashlib.md5(url.encode()).hexdigest() + ".json")

    def _thumb_data_uri(self, thumb_url):
        r = self.http.get(thumb_url, timeout=self.timeout)
        r.raise_for_status()
        if len(r.content) > self.max_thumb:
            return None
        ctype = r.headers.get("Content-Type", "image/jpeg").split(";")[0]
        return f"data:{ctype};base64,{base64.b64encode(r.content).decode()}"

    def resolve(self, url):
        cp = self._cache_path(url)
        if cp.exists() and time.time() - cp.stat().st_mtime < 86400:
            return json.loads(cp.read_text())
        endpoint = self._endpoint(url)
        if not endpoint:
            return None
        r = self.http.get(endpoint, params={"url": url, "format": "json", "maxwidth": 640},
                          timeout=self.timeout)
        if r.status_code != 200:
            LOG.warning("%s: provider said %s", url, r.status_code)
            return None
        meta = r.json()
        card = {
            "url": url,
            "provider": meta.get("provider_name"),
            "title": meta.get("title"),
            "author": meta.get("author_name"),
            "thumbnail": None,
        }
        if meta.get("thumbnail_url"):
            try:
                card["thumbnail"] = self._thumb_data_uri(meta["thumbnail_url"])
            except requests.RequestException as exc:
                LOG.debug("thumbnail for %s: %s", url, exc)
        CACHE.mkdir(exist_ok=True)
        cp.write_text(json.dumps(card))
        return card


def links_in(drafts):
    for md in sorted(drafts.glob("*.md")):
        for m in LINK_RE.finditer(md.read_text(encoding="utf-8")):
            yield md.name, m.group(1)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("drafts", nargs="?", default="drafts")
    ap.add_argument("--timeout", type=int, default=10)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    drafts = Path(args.drafts)
    client = OEmbedClient(timeout=args.timeout)
    out = {}
    for draft, url in links_in(drafts):
        try:
            card = client.resolve(url)
        except (requests.RequestException, ValueError) as exc:
            LOG.warning("%s: %s", url, exc)
            continue
        if card:
            out.setdefault(draft, []).append(card)
    (drafts / "embeds.json").write_text(json.dumps(out, indent=2))
    LOG.info("resolved embeds for %d draft(s)", len(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
