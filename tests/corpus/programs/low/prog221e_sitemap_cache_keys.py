#!/usr/bin/env python3
"""Compute CDN cache keys for sitemap URLs and check that they still resolve.

Meant to sit at the end of a pipe, e.g.

    curl -s https://www.example.com/sitemap.xml | SITEMAP_BASE=https://www.example.com \
        python3 prog221e_sitemap_cache_keys.py --out cache_keys.tsv

URLs come in on stdin (a sitemap XML or one URL per line); settings can be
handed over through environment variables. Output goes to the working dir.
"""
import argparse
import base64
import hashlib
import logging
import os
import re
import sys
import tempfile
import urllib.error
import urllib.request
from urllib.parse import urlsplit

LOG = logging.getLogger("cache-keys")
LOC_RE = re.compile(r"<loc>\s*([^<\s]+)\s*</loc>")


class UrlRecord:
    def __init__(self, url):
        self.url = url
        self.status = None

    @property
    def cache_key(self):
        parts = urlsplit(self.url)
        normalised = f"{parts.netloc.lower()}{parts.path or '/'}"
        return hashlib.md5(normalised.encode()).hexdigest()

    @property
    def surrogate_tag(self):
        # base64 label used only as a CDN surrogate-key header value
        path = urlsplit(self.url).path.strip("/") or "home"
        return base64.urlsafe_b64encode(path.encode()).decode().rstrip("=")


def read_urls(stream, base):
    text = stream.read()
    found = LOC_RE.findall(text) or [l.strip() for l in text.splitlines() if l.strip()]
    urls = []
    for u in found:
        if u.startswith("/") and base:
            u = base.rstrip("/") + u
        if u.startswith(("http://", "https://")):
            urls.append(u)
    return list(dict.fromkeys(urls))


def head(url, timeout):
    req = urllib.request.Request(url, method="HEAD",
                                 headers={"User-Agent": "sitemap-cache-keys/0.3"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status
    except urllib.error.HTTPError as exc:
        return exc.code
    except (urllib.error.URLError, TimeoutError) as exc:
        LOG.debug("HEAD %s failed: %s", url, exc)
        return 0


def write_atomically(path, rows):
    directory = os.path.dirname(os.path.abspath(path))
    with tempfile.NamedTemporaryFile("w", dir=directory, delete=False, suffix=".part") as fh:
        fh.write("url\tstatus\tcache_key\tsurrogate_tag\n")
        for r in rows:
            fh.write(f"{r.url}\t{r.status}\t{r.cache_key}\t{r.surrogate_tag}\n")
        tmp = fh.name
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.environ.get("CACHE_KEYS_OUT", "cache_keys.tsv"))
    ap.add_argument("--timeout", type=float,
                    default=float(os.environ.get("CACHE_KEYS_TIMEOUT", "5")))
    ap.add_argument("--no-check", action="store_true")
    ap.add_argument("--limit", type=int, default=500)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if sys.stdin.isatty():
        LOG.error("pipe a sitemap or URL list into stdin")
        return 2
    urls = read_urls(sys.stdin, os.environ.get("SITEMAP_BASE", ""))[: args.limit]
    if not urls:
        LOG.error("no URLs found on stdin")
        return 1
    records = [UrlRecord(u) for u in urls]
    broken = 0
    for rec in records:
        rec.status = "-" if args.no_check else head(rec.url, args.timeout)
        if rec.status not in ("-", 200, 301, 302):
            broken += 1
            LOG.warning("%s -> %s", rec.url, rec.status)
    write_atomically(args.out, records)
    LOG.info("%d URLs written to %s, %d broken", len(records), args.out, broken)
    return 0


if __name__ == "__main__":
    sys.exit(main())
