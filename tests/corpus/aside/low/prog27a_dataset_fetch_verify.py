#!/usr/bin/env python3
"""Download reference datasets for a climate-model validation run.

Files listed in datasets.json are fetched with plain HTTP GET requests
(with timeouts) into ./data, verified against their published SHA-256
digests, and skipped if already present and valid.
"""
import hashlib
import json
import sys
from pathlib import Path

import requests

DATA_DIR = Path("data")
CATALOG = Path("datasets.json")
CHUNK = 1 << 20

DEFAULT_CATALOG = [
    {
        "name": "era5_t2m_2020_monthly.nc",
        "url": "https://data.example.org/era5/t2m_2020_monthly.nc",
        "sha256": "0" * 64,
    },
    {
        "name": "cmip6_tas_historical_subset.nc",
        "url": "https://data.example.org/cmip6/tas_hist_subset.nc",
        "sha256": "0" * 64,
    },
]


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            h.update(block)
    return h.hexdigest()


def remote_size(url):
    resp = requests.head(url, timeout=15, allow_redirects=True)
    resp.raise_for_status()
    return int(resp.headers.get("Content-Length", 0))


def fetch(entry) -> bool:
    target = DATA_DIR / entry["name"]
    if target.exists() and sha256_of(target) == entry["sha256"]:
        print(f"[ok]   {entry['name']} already present")
        return True
    size = remote_size(entry["url"])
    print(f"[get]  {entry['name']} ({size / 1e6:.1f} MB)")
    partial = target.with_suffix(target.suffix + ".part")
    with requests.get(entry["url"], stream=True, timeout=60) as resp:
        resp.raise_for_status()
        with open(partial, "wb") as out:
            for chunk in resp.iter_content(CHUNK):
                out.write(chunk)
    digest = sha256_of(partial)
    if digest != entry["sha256"]:
        partial.unlink()
        print(f"[fail] {entry['name']}: checksum mismatch ({digest[:12]}...)")
        return False
    partial.rename(target)
    print(f"[done] {entry['name']}")
    return True


def main():
    DATA_DIR.mkdir(exist_ok=True)
    if CATALOG.exists():
        catalog = json.loads(CATALOG.read_text(encoding="utf-8"))
    else:
        catalog = DEFAULT_CATALOG
    failures = [e["name"] for e in catalog if not fetch(e)]
    if failures:
        print("failed:", ", ".join(failures))
        return 1
    print(f"all {len(catalog)} datasets ready in {DATA_DIR}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
