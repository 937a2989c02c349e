#!/usr/bin/env python3
"""Check an exported bookmarks.html (Netscape format) for dead links.

Parsing a 20k-entry export is slow, so the parsed tree and the last check
results are cached in ./.bmcache.pkl and reused when the export has not
changed. Only HEAD requests are sent to the bookmarked sites.
"""
import argparse
import logging
import os
import pickle
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import requests

log = logging.getLogger("bmcheck")
CACHE = Path(".bmcache.pkl")


@dataclass
class Bookmark:
    title: str
    href: str
    folder: str
    status: int = 0


@dataclass
class CacheState:
    mtime: float
    bookmarks: list = field(default_factory=list)


class NetscapeParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.folders, self.items = [], []
        self._pending_href = self._in_h3 = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a" and "href" in attrs:
            self._pending_href = attrs["href"]
        elif tag == "h3":
            self._in_h3 = True

    def handle_endtag(self, tag):
        if tag == "dl" and self.folders:
            self.folders.pop()

    def handle_data(self, data):
        if self._in_h3:
            self.folders.append(data.strip())
            self._in_h3 = False
        elif self._pending_href:
            self.items.append(Bookmark(data.strip(), self._pending_href, "/".join(self.folders)))
            self._pending_href = None


def load_bookmarks(export: Path):
    mtime = export.stat().st_mtime
    if CACHE.exists():
        with CACHE.open("rb") as fh:
            state = pickle.load(fh)
        if state.mtime == mtime:
            log.info("using cached parse (%d bookmarks)", len(state.bookmarks))
            return state
    parser = NetscapeParser()
    parser.feed(export.read_text(encoding="utf-8", errors="replace"))
    return CacheState(mtime, parser.items)


def check(bookmarks, timeout, recheck):
    sess = requests.Session()
    sess.headers["User-Agent"] = "bookmark-linkcheck/1.2"
    for bm in bookmarks:
        if bm.status and not recheck:
            continue
        if not bm.href.startswith(("http://", "https://")):
            continue
        try:
            bm.status = sess.head(bm.href, timeout=timeout, allow_redirects=True).status_code
        except requests.RequestException:
            bm.status = -1
        log.debug("%s %s", bm.status, bm.href)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("export", nargs="?", default="bookmarks.html")
    ap.add_argument("--timeout", type=float, default=8.0)
    ap.add_argument("--recheck", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    state = load_bookmarks(Path(args.export))
    check(state.bookmarks, args.timeout, args.recheck)
    with CACHE.open("wb") as fh:
        pickle.dump(state, fh, protocol=pickle.HIGHEST_PROTOCOL)
    os.chmod(CACHE, 0o600)
    dead = [b for b in state.bookmarks if b.status < 0 or b.status >= 400]
    for bm in dead:
        print(f"{bm.status:>4}  {bm.folder or '-'}  {bm.title[:50]}  {bm.href}")
    print(f"{len(dead)} dead of {len(state.bookmarks)}")


if __name__ == "__main__":
    main()
