"""Downloads reference files once and keeps them in a user cache."""
import hashlib
import logging
from pathlib import Path

import requests

log = logging.getLogger("refcache")

CACHE = Path.home() / ".cache" / "refdata"


def cache_path(url: str) -> Path:
    return CACHE / hashlib.md5(url.encode()).hexdigest()


def fetch(url: str) -> bytes:
    path = cache_path(url)
    if path.exists():
        return path.read_bytes()
    resp = requests.get(url, timeout=30)
    resp.raise_for_status()
    CACHE.mkdir(parents=True, exist_ok=True)
    path.write_bytes(resp.content)
    return resp.content


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    data = fetch("https://raw.githubusercontent.com/datasets/country-codes/master/data/country-codes.csv")
    print(len(data), "bytes")
