#!/usr/bin/env python3
"""Warm the page cache after a deploy by fetching every URL in sitemap.xml.

Response digests are stored in ./.cache/warmer/ keyed by MD5 of the URL so the
next run can report which pages changed.
"""
import argparse
import hashlib
import json
import logging
import re
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import requests

LOC_RE = re.compile(r"<loc>\s*(.*?)\s*</loc>", re.IGNORECASE | re.DOTALL)
log = logging.getLogger("cache-warmer")


def cache_key(url: str) -> str:
    return hashlib.md5(url.encode("utf-8")).hexdigest()


class SitemapWarmer:
    def __init__(self, base_url, state_dir: Path, timeout=10.0, workers=4):
        self.base_url = base_url.rstrip("/")
        self.state_dir = state_dir
        self.timeout = timeout
        self.workers = workers
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "shop-cache-warmer/1.4"

    def sitemap_urls(self):
        resp = self.session.get(f"{self.base_url}/sitemap.xml", timeout=self.timeout)
        resp.raise_for_status()
        urls = LOC_RE.findall(resp.text)
        log.info("sitemap lists %d urls", len(urls))
        return urls

    def _state_path(self, url):
        return self.state_dir / f"{cache_key(url)}.json"

    def warm_one(self, url):
        started = time.monotonic()
        try:
            resp = self.session.get(url, timeout=self.timeout)
        except requests.RequestException as exc:
            return url, None, str(exc)
        elapsed = time.monotonic() - started
        digest = hashlib.md5(resp.content).hexdigest()
        path = self._state_path(url)
        previous = None
        if path.exists():
            previous = json.loads(path.read_text()).get("digest")
        path.write_text(json.dumps({"url": url, "digest": digest,
                                    "status": resp.status_code, "elapsed": elapsed}))
        changed = previous is not None and previous != digest
        return url, resp.status_code, "changed" if changed else "ok"

    def run(self):
        self.state_dir.mkdir(parents=True, exist_ok=True)
        urls = self.sitemap_urls()
        failures = 0
        with ThreadPoolExecutor(max_workers=self.workers) as pool:
            futures = [pool.submit(self.warm_one, u) for u in urls]
            for fut in as_completed(futures):
                url, status, note = fut.result()
                if status is None or status >= 400:
                    failures += 1
                    log.warning("%s -> %s (%s)", url, status, note)
                else:
                    log.debug("%s -> %s %s", url, status, note)
        return failures


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("base_url", help="e.g. https://shop.example.com")
    ap.add_argument("--state-dir", default=".cache/warmer", type=Path)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)
    warmer = SitemapWarmer(args.base_url, args.state_dir, args.timeout, args.workers)
    try:
        failures = warmer.run()
    except requests.RequestException as exc:
        log.error("could not load sitemap: %s", exc)
        raise SystemExit(2)
    log.info("done, %d failures", failures)
    raise SystemExit(1 if failures else 0)


if __name__ == "__main__":
    main()
