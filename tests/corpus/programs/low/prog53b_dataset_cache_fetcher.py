"""Cached downloader for public open-data CSV/Parquet extracts.

Files are stored under ./.datacache keyed by the MD5 of their URL so that
repeated notebook runs do not hammer the upstream portal.  Entries older
than --max-age-days are pruned.
"""
import argparse
import hashlib
import logging
import os
import time
from pathlib import Path
from urllib.request import Request, urlopen

import pandas as pd

CACHE_DIR = Path(".datacache")
USER_AGENT = "nb-datacache/1.3 (+https://example.org/contact)"
logger = logging.getLogger(__name__)

SOURCES = {
    "air_quality": "https://data.example.gov/api/views/aq-2023/rows.csv",
    "bike_counts": "https://opendata.example.org/datasets/bike_counts.csv",
    "weather": "https://opendata.example.org/datasets/daily_weather.parquet",
}


class DataCache:
    def __init__(self, root: Path = CACHE_DIR, max_age_days: int = 7):
        self.root = root
        self.max_age = max_age_days * 86400
        self.root.mkdir(exist_ok=True)

    def _key(self, url: str) -> Path:
        digest = hashlib.md5(url.encode("utf-8")).hexdigest()
        suffix = Path(url).suffix or ".bin"
        return self.root / f"{digest}{suffix}"

    def fetch(self, url: str, refresh: bool = False) -> Path:
        target = self._key(url)
        if target.exists() and not refresh:
            age = time.time() - target.stat().st_mtime
            if age < self.max_age:
                logger.info("cache hit %s (%.1fh old)", target.name, age / 3600)
                return target
        logger.info("downloading %s", url)
        req = Request(url, headers={"User-Agent": USER_AGENT})
        with urlopen(req, timeout=60) as resp:
            body = resp.read()
        partial = target.with_suffix(target.suffix + ".part")
        partial.write_bytes(body)
        os.chmod(partial, 0o600)
        partial.replace(target)
        return target

    def prune(self) -> int:
        removed = 0
        now = time.time()
        for entry in self.root.iterdir():
            stale = now - entry.stat().st_mtime > self.max_age
            if entry.suffix == ".part" or stale:
                entry.unlink()
                removed += 1
        return removed


def load_frame(path: Path) -> pd.DataFrame:
    if path.suffix == ".parquet":
        return pd.read_parquet(path)
    return pd.read_csv(path, low_memory=False)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("names", nargs="*", default=list(SOURCES))
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--max-age-days", type=int, default=7)
    ap.add_argument("--prune", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cache = DataCache(max_age_days=args.max_age_days)
    if args.prune:
        logger.info("pruned %d cache entries", cache.prune())

    for name in args.names:
        url = SOURCES.get(name)
        if url is None:
            logger.warning("unknown source %r", name)
            continue
        try:
            frame = load_frame(cache.fetch(url, refresh=args.refresh))
        except OSError as exc:
            logger.error("%s: %s", name, exc)
            continue
        print(f"{name:12s} rows={len(frame):>8d} cols={frame.shape[1]}")


if __name__ == "__main__":
    main()
