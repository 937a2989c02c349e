#!/usr/bin/env python3
"""Keep the local wordlist collection in sync with upstream sources.

Sources are listed in ./wordlists.json:

    {"rockyou-top": "https://mirror.example.net/lists/rockyou-top100k.txt",
     "dirs-medium": "https://raw.githubusercontent.com/.../directory-list-2.3-medium.txt"}

Each list is stored as ./wordlists/<name>.txt. ETags are kept in
./wordlists/.cache/<md5(url)>.etag so unchanged lists are not downloaded
again.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

log = logging.getLogger("wlsync")

USER_AGENT = "wlsync/1.4 (+lab tooling)"
CHUNK = 1 << 16


class WordlistStore:
    def __init__(self, root):
        self.root = Path(root)
        self.cache = self.root / ".cache"
        self.cache.mkdir(parents=True, exist_ok=True)

    def _key(self, url):
        return hashlib.md5(url.encode()).hexdigest()

    def etag_for(self, url):
        p = self.cache / f"{self._key(url)}.etag"
        return p.read_text().strip() if p.exists() else None

    def save_etag(self, url, etag):
        if etag:
            (self.cache / f"{self._key(url)}.etag").write_text(etag)

    def path_for(self, name):
        return self.root / f"{name}.txt"


def fetch(store, name, url, timeout):
    headers = {"User-Agent": USER_AGENT}
    dest = store.path_for(name)
    etag = store.etag_for(url)
    if etag and dest.exists():
        headers["If-None-Match"] = etag
    req = urllib.request.Request(url, headers=headers)
    tmp = dest.with_suffix(".part")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp, open(tmp, "wb") as out:
            while True:
                block = resp.read(CHUNK)
                if not block:
                    break
                out.write(block)
            new_etag = resp.headers.get("ETag")
    except urllib.error.HTTPError as exc:
        if exc.code == 304:
            return name, "unchanged", count_lines(dest)
        raise
    os.replace(tmp, dest)
    store.save_etag(url, new_etag)
    return name, "updated", count_lines(dest)


def count_lines(path):
    n = 0
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            n += block.count(b"\n")
    return n


def load_sources(path):
    try:
        with open(path) as fh:
            data = json.load(fh)
    except FileNotFoundError:
        log.error("no source list at %s", path)
        sys.exit(2)
    if not isinstance(data, dict):
        log.error("%s must be a JSON object of name -> url", path)
        sys.exit(2)
    return data


def main(argv=None):
    ap = argparse.ArgumentParser(description="sync wordlists from upstream")
    ap.add_argument("-s", "--sources", default="./wordlists.json")
    ap.add_argument("-d", "--dest", default="./wordlists")
    ap.add_argument("-j", "--jobs", type=int, default=4)
    ap.add_argument("-t", "--timeout", type=float, default=60.0)
    ap.add_argument("--only", nargs="*", help="sync only these names")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    sources = load_sources(args.sources)
    if args.only:
        sources = {k: v for k, v in sources.items() if k in args.only}
    store = WordlistStore(args.dest)

    failures = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = {pool.submit(fetch, store, n, u, args.timeout): n for n, u in sources.items()}
        for fut in as_completed(futs):
            name = futs[fut]
            try:
                _, state, lines = fut.result()
                log.info("%-20s %-9s %10d words", name, state, lines)
            except (urllib.error.URLError, OSError) as exc:
                failures += 1
                log.warning("%-20s failed: %s", name, exc)

    log.info("%d/%d lists ok", len(sources) - failures, len(sources))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
