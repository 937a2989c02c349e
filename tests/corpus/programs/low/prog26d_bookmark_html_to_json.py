#!/usr/bin/env python3
"""Convert a browser's exported bookmarks file (Netscape HTML format) to JSON or CSV.

Every major browser can export bookmarks to a "bookmarks.html" file via its
bookmark manager. This tool reads such a file that the user exported, and
writes a flat JSON or CSV listing.  Optionally it checks each link with a HEAD
request and records the HTTP status.
"""
import argparse
import csv
import json
import logging
import os
import platform
import sys
import urllib.error
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

log = logging.getLogger("bm2json")


def default_downloads_dir() -> Path:
    """Where browsers usually drop an exported bookmarks file."""
    system = platform.system()
    if system == "Windows":
        base = Path(os.environ.get("USERPROFILE", str(Path.home())))
        return base / "Downloads"
    if system == "Darwin":
        return Path.home() / "Downloads"
    xdg = os.environ.get("XDG_DOWNLOAD_DIR")
    return Path(xdg) if xdg else Path.home() / "Downloads"


class BookmarkParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.folders = []
        self.items = []
        self._in_h3 = False
        self._in_a = False
        self._current = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "h3":
            self._in_h3 = True
            self.folders.append("")
        elif tag == "a":
            self._in_a = True
            self._current = {
                "url": attrs.get("href", ""),
                "added": attrs.get("add_date"),
                "title": "",
                "folder": "/".join(f for f in self.folders if f),
            }
        elif tag == "dl" and not self.folders:
            self.folders.append("")

    def handle_endtag(self, tag):
        if tag == "h3":
            self._in_h3 = False
        elif tag == "a" and self._current is not None:
            self._in_a = False
            self.items.append(self._current)
            self._current = None
        elif tag == "dl" and self.folders:
            self.folders.pop()

    def handle_data(self, data):
        if self._in_h3 and self.folders:
            self.folders[-1] += data.strip()
        elif self._in_a and self._current is not None:
            self._current["title"] += data.strip()


def check_link(url: str, timeout: float) -> int:
    if not url.startswith(("http://", "https://")):
        return 0
    req = urllib.request.Request(url, method="HEAD",
                                 headers={"User-Agent": "bm2json/1.2"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status
    except urllib.error.HTTPError as exc:
        return exc.code
    except (urllib.error.URLError, OSError):
        return -1


def write_output(items, out: Path, fmt: str) -> None:
    if fmt == "json":
        out.write_text(json.dumps(items, indent=2, ensure_ascii=False), encoding="utf-8")
    else:
        with out.open("w", newline="", encoding="utf-8") as fh:
            writer = csv.DictWriter(fh, fieldnames=sorted({k for i in items for k in i}))
            writer.writeheader()
            writer.writerows(items)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("input", nargs="?", help="exported bookmarks.html")
    ap.add_argument("-o", "--output", default="bookmarks.json")
    ap.add_argument("--format", choices=("json", "csv"), default="json")
    ap.add_argument("--check-links", action="store_true")
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    src = Path(args.input) if args.input else default_downloads_dir() / "bookmarks.html"
    if not src.is_file():
        log.error("no bookmarks export found at %s", src)
        log.info("export one from your browser's bookmark manager first")
        return 1

    parser = BookmarkParser()
    parser.feed(src.read_text(encoding="utf-8", errors="replace"))
    items = parser.items
    log.info("parsed %d bookmarks from %s", len(items), src.name)

    if args.check_links:
        for n, item in enumerate(items, 1):
            item["status"] = check_link(item["url"], args.timeout)
            log.debug("[%d/%d] %s -> %s", n, len(items), item["url"], item["status"])
        dead = sum(1 for i in items if i["status"] in (-1, 404, 410))
        log.info("%d links look dead", dead)

    out = Path(args.output)
    if args.format == "csv" and out.suffix == ".json":
        out = out.with_suffix(".csv")
    write_output(items, out, args.format)
    log.info("wrote %s (platform %s, python %s)", out, sys.platform, platform.python_version())
    return 0


if __name__ == "__main__":
    sys.exit(main())
