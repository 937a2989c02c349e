#!/usr/bin/env python3
"""Check that the webcast and recording links sent to families still work.

Reads one link per line from a file or from standard input, e.g.

    cut -f4 sent-links.tsv | python3 prog237b_webcast_link_checker.py -

and sends a HEAD request to each.  Results are cached for a while in the
working directory so re-running during the day does not hammer the host.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

LOG = logging.getLogger("link-check")

CACHE_DIR = Path(os.environ.get("FH_LINK_CACHE", ".linkcache"))
CACHE_TTL = int(os.environ.get("FH_LINK_CACHE_TTL", "3600"))
ALLOWED_HOSTS = tuple(
    h.strip() for h in os.environ.get(
        "FH_LINK_HOSTS", "watch.example.com,recordings.example.com").split(",")
)


class LinkCache:
    def __init__(self, root, ttl):
        self.root = root
        self.ttl = ttl
        self.root.mkdir(exist_ok=True)

    def _path(self, url):
        key = hashlib.md5(url.encode("utf-8")).hexdigest()
        return self.root / f"{key}.json"

    def get(self, url):
        p = self._path(url)
        if p.exists() and time.time() - p.stat().st_mtime < self.ttl:
            return json.loads(p.read_text(encoding="utf-8"))
        return None

    def put(self, url, result):
        self._path(url).write_text(json.dumps(result), encoding="utf-8")

    def clear(self):
        for p in self.root.glob("*.json"):
            p.unlink()


def head(url, timeout):
    req = urllib.request.Request(url, method="HEAD",
                                 headers={"User-Agent": "fh-link-check/1.0"})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            status = resp.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    except (urllib.error.URLError, TimeoutError) as exc:
        return {"url": url, "ok": False, "error": str(exc)}
    return {
        "url": url,
        "ok": 200 <= status < 400,
        "status": status,
        "ms": int((time.monotonic() - started) * 1000),
    }


def read_links(source):
    stream = sys.stdin if source == "-" else open(source, encoding="utf-8")
    with stream:
        for line in stream:
            url = line.strip()
            if url and not url.startswith("#"):
                yield url


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("source", help="file with links, or - for stdin")
    ap.add_argument("--timeout", type=float, default=8.0)
    ap.add_argument("--report", default="link-report.json")
    ap.add_argument("--fresh", action="store_true", help="ignore and clear the cache")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = LinkCache(CACHE_DIR, CACHE_TTL)
    if args.fresh:
        cache.clear()

    results = []
    for url in read_links(args.source):
        host = urllib.parse.urlparse(url).hostname or ""
        if not host.endswith(ALLOWED_HOSTS):
            LOG.info("skip  %s (not one of our hosts)", url)
            continue
        res = cache.get(url)
        if res is None:
            res = head(url, args.timeout)
            cache.put(url, res)
        results.append(res)
        LOG.info("%-5s %s %s", "ok" if res["ok"] else "FAIL", url,
                 res.get("status", res.get("error", "")))

    Path(args.report).write_text(json.dumps(results, indent=2), encoding="utf-8")
    broken = sum(1 for r in results if not r["ok"])
    LOG.info("%d links checked, %d broken; report in %s", len(results), broken, args.report)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
