#!/usr/bin/env python3
"""Fetch provenance photographs listed in a lot manifest into a local cache.

Consignors often send provenance as links (old dealer invoices, exhibition
catalogue scans, photos of labels on the back of frames).  This walks the
manifest, downloads each image once into ./photo_cache keyed by URL, and
writes index.json mapping lot numbers to cached files for the cataloguers.
"""
import argparse
import hashlib
import json
import logging
import mimetypes
import platform
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("photo_fetcher")

CACHE_DIR = Path("photo_cache")
MAX_BYTES = 40 * 1024 * 1024


def user_agent():
    distro = "linux"
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                distro = line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return f"provenance-fetcher/1.4 ({distro}; python {platform.python_version()})"


def cache_key(url):
    return hashlib.md5(url.encode("utf-8")).hexdigest()


def read_manifest(path):
    """Yield (lot, url) pairs from a 'lot<TAB>url' manifest."""
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            try:
                lot, url = line.split("\t", 1)
            except ValueError:
                log.warning("line %d: expected lot<TAB>url", n)
                continue
            if not url.startswith(("http://", "https://")):
                log.warning("line %d: not a web link: %s", n, url)
                continue
            yield lot.strip(), url.strip()


def fetch(session, url, timeout):
    for attempt in range(3):
        try:
            resp = session.get(url, timeout=timeout, stream=True)
            resp.raise_for_status()
            ctype = resp.headers.get("Content-Type", "").split(";")[0]
            if not ctype.startswith("image/"):
                raise ValueError(f"not an image ({ctype or 'no content type'})")
            data = b""
            for chunk in resp.iter_content(65536):
                data += chunk
                if len(data) > MAX_BYTES:
                    raise ValueError("image larger than 40 MB")
            return data, ctype
        except requests.RequestException as exc:
            log.warning("%s: %s (attempt %d)", url, exc, attempt + 1)
            time.sleep(1 + attempt * 2)
    raise RuntimeError(f"could not fetch {url}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("manifest")
    ap.add_argument("--timeout", type=float, default=15)
    ap.add_argument("--refresh", action="store_true", help="ignore the cache")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    CACHE_DIR.mkdir(exist_ok=True)
    index_path = CACHE_DIR / "index.json"
    index = json.loads(index_path.read_text()) if index_path.exists() else {}

    session = requests.Session()
    session.headers["User-Agent"] = user_agent()
    fetched = cached = failed = 0
    for lot, url in read_manifest(args.manifest):
        key = cache_key(url)
        existing = next(CACHE_DIR.glob(key + ".*"), None)
        if existing and not args.refresh:
            cached += 1
        else:
            try:
                data, ctype = fetch(session, url, args.timeout)
            except (RuntimeError, ValueError) as exc:
                log.error("lot %s: %s", lot, exc)
                failed += 1
                continue
            ext = mimetypes.guess_extension(ctype) or ".img"
            existing = CACHE_DIR / (key + ext)
            existing.write_bytes(data)
            fetched += 1
        index.setdefault(lot, [])
        if existing.name not in index[lot]:
            index[lot].append(existing.name)

    index_path.write_text(json.dumps(index, indent=2, sort_keys=True))
    log.info("%d fetched, %d from cache, %d failed", fetched, cached, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
