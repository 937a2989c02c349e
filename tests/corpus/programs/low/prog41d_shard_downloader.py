#!/usr/bin/env python3
"""Fetch dataset shards listed in a manifest into ./data/shards.

The manifest is a JSON file in the project directory:
    {"base_url": "https://datasets.example.org/cc-sample/v3",
     "shards": [{"name": "part-0000.jsonl.gz", "sha256": "..."}]}

Downloads are cached under ./.cache/shards keyed by an MD5 of the URL so
re-running the script after an interruption only fetches missing parts.
"""
import argparse
import hashlib
import json
import logging
import shutil
import sys
from pathlib import Path
from urllib.error import HTTPError, URLError
from urllib.request import Request, urlopen

LOG = logging.getLogger("shards")
CHUNK = 1 << 16
USER_AGENT = "shard-downloader/0.4 (+research-cluster)"


def cache_key(url: str) -> str:
    # md5 is only used to derive a stable file name for the local cache
    return hashlib.md5(url.encode("utf-8")).hexdigest()


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            digest.update(block)
    return digest.hexdigest()


class ShardFetcher:
    def __init__(self, base_url: str, cache_dir: Path, out_dir: Path, timeout: float):
        self.base_url = base_url.rstrip("/")
        self.cache_dir = cache_dir
        self.out_dir = out_dir
        self.timeout = timeout
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        self.out_dir.mkdir(parents=True, exist_ok=True)

    def remote_size(self, url: str):
        req = Request(url, method="HEAD", headers={"User-Agent": USER_AGENT})
        try:
            with urlopen(req, timeout=self.timeout) as resp:
                return int(resp.headers.get("Content-Length", "0")) or None
        except (HTTPError, URLError, ValueError):
            return None

    def fetch(self, shard: dict) -> Path:
        url = f"{self.base_url}/{shard['name']}"
        cached = self.cache_dir / cache_key(url)
        if not cached.exists():
            size = self.remote_size(url)
            LOG.info("downloading %s (%s bytes)", shard["name"], size or "?")
            req = Request(url, headers={"User-Agent": USER_AGENT})
            partial = cached.with_suffix(".part")
            with urlopen(req, timeout=self.timeout) as resp, partial.open("wb") as out:
                shutil.copyfileobj(resp, out, CHUNK)
            partial.rename(cached)
        expected = shard.get("sha256")
        if expected and sha256_of(cached) != expected:
            cached.unlink()
            raise ValueError(f"checksum mismatch for {shard['name']}")
        target = self.out_dir / shard["name"]
        shutil.copy2(cached, target)
        return target


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--manifest", default="shards.json")
    parser.add_argument("--out", default="data/shards")
    parser.add_argument("--limit", type=int, default=0, help="only fetch first N shards")
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    manifest = json.loads(Path(args.manifest).read_text())
    shards = manifest["shards"][: args.limit or None]
    fetcher = ShardFetcher(manifest["base_url"], Path(".cache/shards"), Path(args.out), args.timeout)

    failed = 0
    for shard in shards:
        try:
            path = fetcher.fetch(shard)
            LOG.debug("ready: %s", path)
        except (HTTPError, URLError, ValueError, OSError) as exc:
            failed += 1
            LOG.error("shard %s failed: %s", shard.get("name"), exc)
    LOG.info("%d/%d shards ready in %s", len(shards) - failed, len(shards), args.out)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
