#!/usr/bin/env python3
"""Tiny on-disk cache for HTTP GET responses.

Downloads dataset index pages once and serves later requests from
./.http_cache. Cache keys are MD5 digests of the URL; cache files are made
readable only by the current user.
"""
import argparse
import hashlib
import json
import logging
import os
import time
from pathlib import Path

import requests

log = logging.getLogger("httpcache")


class ResponseCache:
    def __init__(self, directory=Path(".http_cache"), max_age=3600):
        self.directory = directory
        self.max_age = max_age
        self.directory.mkdir(exist_ok=True)

    @staticmethod
    def key(url):
        """Cache key: MD5 of the URL (not used for any security purpose)."""
        return hashlib.md5(url.encode("utf-8")).hexdigest()

    def _paths(self, url):
        base = self.directory / self.key(url)
        return base.with_suffix(".body"), base.with_suffix(".meta")

    def get(self, url, timeout=10):
        body_path, meta_path = self._paths(url)
        if meta_path.exists():
            meta = json.loads(meta_path.read_text())
            if time.time() - meta["fetched"] < self.max_age:
                log.debug("cache hit %s", url)
                return body_path.read_bytes()
        log.debug("cache miss %s", url)
        resp = requests.get(url, timeout=timeout)
        resp.raise_for_status()
        body_path.write_bytes(resp.content)
        meta_path.write_text(json.dumps({"url": url, "fetched": time.time(),
                                         "status": resp.status_code}))
        for path in (body_path, meta_path):
            os.chmod(path, 0o600)
        return resp.content

    def purge(self):
        removed = 0
        for path in self.directory.glob("*.*"):
            if path.suffix in (".body", ".meta"):
                path.unlink()
                removed += 1
        return removed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("urls", nargs="*")
    parser.add_argument("--max-age", type=int, default=3600)
    parser.add_argument("--purge", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cache = ResponseCache(max_age=args.max_age)
    if args.purge:
        log.info("purged %d cache files", cache.purge())
    for url in args.urls:
        try:
            body = cache.get(url)
            log.info("%s: %d bytes (key %s)", url, len(body), cache.key(url))
        except requests.RequestException as exc:
            log.error("%s: %s", url, exc)


if __name__ == "__main__":
    main()
