#!/usr/bin/env python3
"""Warm the local dependency cache before the build matrix fans out.

Reads a list of artifact URLs from warm-list.txt, probes each with HEAD,
downloads anything not already cached into ./.cache/deps and records an
index.  Cache file names are MD5 digests of the URL.
"""
import argparse
import hashlib
import json
import logging
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

log = logging.getLogger("cache-warmer")
CACHE_DIR = Path(".cache") / "deps"
INDEX = CACHE_DIR / "index.json"


def cache_key(url: str) -> str:
    return hashlib.md5(url.encode("utf-8")).hexdigest()


def probe(url: str, timeout: float) -> int:
    req = urllib.request.Request(url, method="HEAD")
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return int(resp.headers.get("Content-Length") or 0)


def fetch(url: str, timeout: float) -> dict:
    target = CACHE_DIR / cache_key(url)
    if target.exists():
        return {"url": url, "status": "hit", "bytes": target.stat().st_size}
    size_hint = probe(url, timeout)
    started = time.monotonic()
    partial = target.with_suffix(".part")
    with urllib.request.urlopen(url, timeout=timeout) as resp, partial.open("wb") as out:
        while chunk := resp.read(1 << 16):
            out.write(chunk)
    partial.rename(target)
    return {
        "url": url,
        "status": "fetched",
        "bytes": target.stat().st_size,
        "expected": size_hint,
        "seconds": round(time.monotonic() - started, 2),
    }


def load_urls(path: Path) -> list[str]:
    urls = []
    for raw in path.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if line.startswith(("https://", "http://")):
            urls.append(line)
    return urls


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--list", default="warm-list.txt")
    ap.add_argument("--workers", type=int, default=6)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--purge", action="store_true", help="drop the cache first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if args.purge and CACHE_DIR.exists():
        for stale in CACHE_DIR.iterdir():
            stale.unlink()
        log.info("purged %s", CACHE_DIR)
    CACHE_DIR.mkdir(parents=True, exist_ok=True)

    results, failures = [], 0
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(fetch, u, args.timeout): u for u in load_urls(Path(args.list))}
        for fut in as_completed(futures):
            try:
                results.append(fut.result())
            except (urllib.error.URLError, OSError) as exc:
                failures += 1
                log.warning("could not warm %s: %s", futures[fut], exc)
    INDEX.write_text(json.dumps(sorted(results, key=lambda r: r["url"]), indent=2))
    log.info("warmed %d entries, %d failures", len(results), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
