#!/usr/bin/env python3
"""Download public benchmark datasets into ./data with checksum verification.

Each dataset listed in the manifest is fetched over HTTPS, optionally
gunzipped, verified against a published SHA-256 digest and stored under
./data/<name>/. A small cache index (keyed by an MD5 of the URL) lets repeated
runs skip files that are already present.
"""
import argparse
import gzip
import hashlib
import json
import logging
import shutil
import sys
import time
from pathlib import Path
from urllib.error import HTTPError, URLError
from urllib.request import Request, urlopen

LOG = logging.getLogger("dataset_fetcher")

DEFAULT_MANIFEST = {
    "iris": {
        "url": "https://archive.ics.uci.edu/ml/machine-learning-databases/iris/iris.data",
        "sha256": None,
        "gzip": False,
    },
    "wine-quality-red": {
        "url": "https://archive.ics.uci.edu/ml/machine-learning-databases/wine-quality/winequality-red.csv",
        "sha256": None,
        "gzip": False,
    },
    "mnist-train-labels": {
        "url": "https://storage.googleapis.com/cvdf-datasets/mnist/train-labels-idx1-ubyte.gz",
        "sha256": None,
        "gzip": True,
    },
}

USER_AGENT = "dataset-fetcher/1.3 (+research lab tooling)"
CHUNK = 1 << 16


def cache_key(url: str) -> str:
    """Stable, short key for the cache index (not a security feature)."""
    return hashlib.md5(url.encode("utf-8")).hexdigest()[:16]


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            digest.update(block)
    return digest.hexdigest()


class CacheIndex:
    def __init__(self, root: Path):
        self.path = root / ".fetch-index.json"
        self.entries = {}
        if self.path.exists():
            try:
                self.entries = json.loads(self.path.read_text())
            except json.JSONDecodeError:
                LOG.warning("cache index corrupt, starting fresh")

    def hit(self, url: str, target: Path) -> bool:
        entry = self.entries.get(cache_key(url))
        return bool(entry) and target.exists() and entry.get("size") == target.stat().st_size

    def record(self, url: str, target: Path) -> None:
        self.entries[cache_key(url)] = {
            "url": url,
            "file": str(target),
            "size": target.stat().st_size,
            "fetched": int(time.time()),
        }
        self.path.write_text(json.dumps(self.entries, indent=2, sort_keys=True))


def download(url: str, dest: Path, retries: int = 3, timeout: float = 30.0) -> Path:
    dest.parent.mkdir(parents=True, exist_ok=True)
    partial = dest.with_suffix(dest.suffix + ".part")
    for attempt in range(1, retries + 1):
        try:
            req = Request(url, headers={"User-Agent": USER_AGENT})
            with urlopen(req, timeout=timeout) as resp, partial.open("wb") as out:
                shutil.copyfileobj(resp, out, CHUNK)
            partial.replace(dest)
            return dest
        except (HTTPError, URLError, TimeoutError) as exc:
            LOG.warning("attempt %d/%d for %s failed: %s", attempt, retries, url, exc)
            time.sleep(2 ** attempt)
    raise RuntimeError(f"giving up on {url}")


def gunzip_in_place(path: Path) -> Path:
    target = path.with_suffix("")
    with gzip.open(path, "rb") as src, target.open("wb") as dst:
        shutil.copyfileobj(src, dst, CHUNK)
    path.unlink()
    return target


def fetch_one(name: str, spec: dict, data_dir: Path, index: CacheIndex, force: bool) -> Path:
    url = spec["url"]
    filename = url.rsplit("/", 1)[-1]
    target = data_dir / name / filename
    if not force and index.hit(url, target):
        LOG.info("%-22s cached (%s)", name, target)
        return target
    LOG.info("%-22s downloading %s", name, url)
    download(url, target)
    expected = spec.get("sha256")
    if expected:
        actual = sha256_of(target)
        if actual != expected:
            target.unlink()
            raise ValueError(f"{name}: checksum mismatch ({actual} != {expected})")
    index.record(url, target)
    if spec.get("gzip"):
        target = gunzip_in_place(target)
    return target


def load_manifest(path):
    if path is None:
        return DEFAULT_MANIFEST
    with open(path, "r", encoding="utf-8") as fh:
        return json.load(fh)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("names", nargs="*", help="datasets to fetch (default: all)")
    parser.add_argument("--manifest", help="JSON manifest overriding the built-in list")
    parser.add_argument("--data-dir", default="data")
    parser.add_argument("--force", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    manifest = load_manifest(args.manifest)
    data_dir = Path(args.data_dir)
    data_dir.mkdir(exist_ok=True)
    index = CacheIndex(data_dir)

    wanted = args.names or sorted(manifest)
    failures = 0
    for name in wanted:
        if name not in manifest:
            LOG.error("unknown dataset %r", name)
            failures += 1
            continue
        try:
            path = fetch_one(name, manifest[name], data_dir, index, args.force)
            LOG.info("%-22s ready: %s (%d bytes)", name, path, path.stat().st_size)
        except (RuntimeError, ValueError, OSError) as exc:
            LOG.error("%s: %s", name, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
