#!/usr/bin/env python3
"""Build self-contained obituary preview pages.

Families approve the obituary text and photo before it is published.
This downloads each portrait, caches it locally (keyed by URL hash) and
writes a single HTML preview with the image embedded, which can be
emailed to the family as one attachment.
"""

import argparse
import base64
import hashlib
import html
import json
import logging
import os
import shutil
import tempfile
import urllib.request
from pathlib import Path

LOG = logging.getLogger("obit-preview")

CACHE_DIR = Path(".photo_cache")
OUT_DIR = Path("previews")
TEMPLATE = """<!doctype html>
<meta charset="utf-8">
<title>{name} - preview</title>
<article style="max-width:40em;font-family:serif">
  <img alt="{name}" style="max-width:240px" src="data:{mime};base64,{img}">
  <h1>{name}</h1>
  <p><em>{dates}</em></p>
  {body}
</article>
"""


def cache_key(url):
    # cache key only, not used for anything security related
    return hashlib.md5(url.encode("utf-8")).hexdigest()


def fetch_photo(url, timeout=15):
    CACHE_DIR.mkdir(exist_ok=True)
    target = CACHE_DIR / cache_key(url)
    if target.exists():
        return target.read_bytes()
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        data = resp.read()
    # write atomically so an interrupted run never leaves half an image
    fd, tmp = tempfile.mkstemp(dir=CACHE_DIR, prefix=".part-")
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    os.replace(tmp, target)
    return data


def guess_mime(data):
    if data[:3] == b"\xff\xd8\xff":
        return "image/jpeg"
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return "image/png"
    return "application/octet-stream"


class PreviewBuilder:
    def __init__(self, out_dir):
        self.out_dir = out_dir
        self.out_dir.mkdir(exist_ok=True)

    def build(self, entry):
        photo = fetch_photo(entry["photo_url"])
        paragraphs = "".join("<p>%s</p>" % html.escape(p)
                             for p in entry["text"].split("\n\n") if p.strip())
        page = TEMPLATE.format(
            name=html.escape(entry["name"]),
            dates=html.escape(entry.get("dates", "")),
            mime=guess_mime(photo),
            img=base64.b64encode(photo).decode("ascii"),
            body=paragraphs,
        )
        out = self.out_dir / ("%s.html" % entry["slug"])
        out.write_text(page, encoding="utf-8")
        # previews contain unpublished family details
        os.chmod(out, 0o600)
        return out


def main():
    parser = argparse.ArgumentParser(description="Build obituary previews")
    parser.add_argument("entries", help="JSON file with obituary entries")
    parser.add_argument("--clear-cache", action="store_true",
                        help="remove the local photo cache afterwards")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    with open(args.entries, "r", encoding="utf-8") as fh:
        entries = json.load(fh)

    builder = PreviewBuilder(OUT_DIR)
    for entry in entries:
        try:
            path = builder.build(entry)
            LOG.info("wrote %s", path)
        except (OSError, KeyError) as exc:
            LOG.error("skipped %s: %s", entry.get("slug", "?"), exc)

    if args.clear_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        LOG.info("photo cache removed")


if __name__ == "__main__":
    main()
