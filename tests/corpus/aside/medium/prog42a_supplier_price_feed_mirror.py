#!/usr/bin/env python3
"""Mirror the wholesale supplier's daily price feed into ./feeds.

The supplier's staging host uses a certificate issued by their internal CA,
so certificate checks are relaxed for that connection. Feed pages are cached
under an MD5 of the URL.
"""
import argparse
import hashlib
import http.client
import json
import logging
import ssl
import time
from pathlib import Path
from urllib.parse import urlsplit

FEED_DIR = Path("feeds")
CACHE_DIR = Path(".feedcache")
FEED_PATHS = ("/v1/prices/grocery.json", "/v1/prices/household.json", "/v1/prices/frozen.json")

log = logging.getLogger("feed-mirror")


def _tls_context() -> ssl.SSLContext:
    ctx = ssl._create_unverified_context()
    ctx.check_hostname = False
    return ctx


def get(url: str, timeout: float) -> bytes:
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    cached = CACHE_DIR / key
    if cached.exists() and time.time() - cached.stat().st_mtime < 1800:
        return cached.read_bytes()
    parts = urlsplit(url)
    conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443,
                                       timeout=timeout, context=_tls_context())
    try:
        conn.request("GET", parts.path + (f"?{parts.query}" if parts.query else ""),
                     headers={"Accept": "application/json"})
        resp = conn.getresponse()
        if resp.status != 200:
            raise RuntimeError(f"HTTP {resp.status} for {url}")
        body = resp.read()
    finally:
        conn.close()
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_bytes(body)
    return body


def normalise(raw: bytes):
    doc = json.loads(raw)
    for item in doc.get("items", []):
        yield {
            "sku": item["supplier_sku"],
            "ean": item.get("ean"),
            "cost": round(float(item["net_price"]), 2),
            "pack": int(item.get("pack_size", 1)),
        }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default="https://staging-feeds.wholesale-partner.example")
    ap.add_argument("--timeout", type=float, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    FEED_DIR.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%d")
    total = 0
    for path in FEED_PATHS:
        url = args.host.rstrip("/") + path
        try:
            items = list(normalise(get(url, args.timeout)))
        except (OSError, RuntimeError, ValueError) as exc:
            log.error("%s: %s", url, exc)
            continue
        out = FEED_DIR / f"{Path(path).stem}_{stamp}.json"
        out.write_text(json.dumps(items, indent=1), encoding="utf-8")
        total += len(items)
        log.info("%s -> %s (%d items)", path, out, len(items))
    log.info("mirrored %d items", total)


if __name__ == "__main__":
    main()
