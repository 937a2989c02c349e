#!/usr/bin/env python3
"""Product-page crawler with pluggable extractors.

Each retailer gets its own extractor plugin: a small Python file in
./extractors that defines ``extract(html, url) -> dict``. The crawler walks
the seed URLs, picks the plugin whose DOMAIN matches, and writes rows to a
JSON-lines file for the pricing team.
"""
import argparse
import json
import logging
import pathlib
import sys
import time
from urllib.parse import urlparse

import requests

log = logging.getLogger("crawler")


class ExtractorRegistry:
    """Holds extractor namespaces keyed by domain."""

    plugin_dir = pathlib.Path("extractors")
    _plugins = {}

    @classmethod
    def _compile(cls, name, source):
        ns = {"__name__": f"extractor_{name}", "re": __import__("re"), "json": json}
        code = compile(source, f"<extractor:{name}>", "exec")
        exec(code, ns)
        if "extract" not in ns or "DOMAIN" not in ns:
            raise ValueError(f"extractor {name} must define DOMAIN and extract()")
        return ns

    @classmethod
    def load(cls):
        if not cls.plugin_dir.is_dir():
            log.warning("no extractor directory at %s", cls.plugin_dir)
            return
        for path in sorted(cls.plugin_dir.glob("*.py")):
            try:
                ns = cls._compile(path.stem, path.read_text(encoding="utf-8"))
            except Exception as exc:  # a broken plugin should not stop the crawl
                log.error("skipping %s: %s", path.name, exc)
                continue
            cls._plugins[ns["DOMAIN"]] = ns
            log.info("loaded extractor %s for %s", path.stem, ns["DOMAIN"])

    @classmethod
    def for_url(cls, url):
        host = urlparse(url).hostname or ""
        for domain, ns in cls._plugins.items():
            if host == domain or host.endswith("." + domain):
                return ns["extract"]
        return None


def crawl(seeds, session, delay, timeout):
    for url in seeds:
        extractor = ExtractorRegistry.for_url(url)
        if extractor is None:
            log.debug("no extractor for %s", url)
            continue
        for attempt in range(3):
            try:
                resp = session.get(url, timeout=timeout)
                resp.raise_for_status()
                break
            except requests.RequestException as exc:
                log.warning("attempt %d for %s failed: %s", attempt + 1, url, exc)
                time.sleep(2 ** attempt)
        else:
            continue
        try:
            row = extractor(resp.text, url)
        except Exception as exc:
            log.error("extractor failed on %s: %s", url, exc)
            continue
        row.setdefault("url", url)
        row["fetched_at"] = int(time.time())
        yield row
        time.sleep(delay)


def main():
    ap = argparse.ArgumentParser(description="crawl product pages with site extractors")
    ap.add_argument("seeds", help="file of product URLs")
    ap.add_argument("-o", "--output", default="products.jsonl")
    ap.add_argument("--plugins", default="extractors")
    ap.add_argument("--delay", type=float, default=1.5)
    ap.add_argument("--timeout", type=float, default=20)
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    ExtractorRegistry.plugin_dir = pathlib.Path(args.plugins)
    ExtractorRegistry.load()

    seeds = [s.strip() for s in pathlib.Path(args.seeds).read_text().splitlines() if s.strip()]
    session = requests.Session()
    session.headers["User-Agent"] = "PriceWatchBot/2.0 (+mailto:data@pricewatch.example.com)"

    n = 0
    with open(args.output, "a", encoding="utf-8") as out:
        for row in crawl(seeds, session, args.delay, args.timeout):
            out.write(json.dumps(row) + "\n")
            n += 1
    log.info("wrote %d rows to %s", n, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
