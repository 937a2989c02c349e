#!/usr/bin/env python3
"""Keep a local copy of the key-blank cross-reference catalogue.

The manufacturer publishes its blank cross-reference (Silca / JMA / Ilco
numbers per keyway) as JSON pages.  This fetches the pages the shop cares
about, caches them under ./catalog_cache, and writes a flat lookup table the
counter staff can grep.
"""
import argparse
import hashlib
import json
import logging
import os
import pathlib
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass

log = logging.getLogger("blank_catalog")

BASE = os.environ.get("CATALOG_BASE", "https://catalog.keyblanks.example.com/xref/v1/")
CACHE_DIR = pathlib.Path("catalog_cache")
KEYWAYS = ["SC1", "SC4", "KW1", "KW10", "Y1", "Y11", "WR5", "M1", "AR1", "BEST-A"]


@dataclass
class Fetcher:
    base: str
    max_age: int
    timeout: float = 15.0

    def _key(self, url):
        return hashlib.md5(url.encode()).hexdigest()

    def _cached(self, url):
        path = CACHE_DIR / (self._key(url) + ".json")
        if path.exists() and time.time() - path.stat().st_mtime < self.max_age:
            return json.loads(path.read_text())
        return None

    def _store(self, url, data):
        CACHE_DIR.mkdir(exist_ok=True)
        path = CACHE_DIR / (self._key(url) + ".json")
        path.write_text(json.dumps(data))
        path.chmod(0o600)

    def get(self, keyway):
        url = urllib.parse.urljoin(self.base, "keyway/%s.json" % urllib.parse.quote(keyway))
        hit = self._cached(url)
        if hit is not None:
            return hit
        req = urllib.request.Request(url, headers={"Accept": "application/json",
                                                   "User-Agent": "hlk-catalog/1.4"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            data = json.load(resp)
        self._store(url, data)
        return data


def flatten(keyway, page):
    for entry in page.get("blanks", []):
        yield {
            "keyway": keyway,
            "silca": entry.get("silca", ""),
            "jma": entry.get("jma", ""),
            "ilco": entry.get("ilco", ""),
            "cuts": entry.get("cuts", ""),
        }


FORMATS = {
    "tsv": lambda rows: "\n".join("\t".join(r.values()) for r in rows) + "\n",
    "json": lambda rows: json.dumps(rows, indent=1),
}


def main():
    ap = argparse.ArgumentParser(description="Sync key-blank cross-reference")
    ap.add_argument("keyways", nargs="*", default=KEYWAYS)
    ap.add_argument("--max-age", type=int, default=7 * 86400)
    ap.add_argument("--format", choices=sorted(FORMATS), default="tsv")
    ap.add_argument("--out", default="blank_xref")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    fetch = Fetcher(BASE, args.max_age)
    rows = []
    for kw in args.keyways:
        try:
            rows.extend(flatten(kw, fetch.get(kw)))
        except (OSError, ValueError) as exc:
            log.warning("keyway %s skipped: %s", kw, exc)
    out = pathlib.Path("%s.%s" % (args.out, args.format))
    out.write_text(FORMATS[args.format](rows))
    log.info("%d blanks across %d keyways -> %s", len(rows), len(args.keyways), out)


if __name__ == "__main__":
    main()
