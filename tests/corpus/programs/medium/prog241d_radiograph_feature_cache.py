#!/usr/bin/env python3
"""Feature cache for the thoracic radiograph teaching classifier.

Computes simple intensity-histogram features for each exported radiograph
(PNG) and caches them per image so that re-running the course notebook
does not recompute everything. Cached entries are plain Python objects.
"""
import argparse
import hashlib
import logging
import pickle
import sys
import time
from pathlib import Path

LOG = logging.getLogger("rad-features")

CACHE_CFG = {
    "dir": ".featcache",
    "version": 3,
    "bins": 32,
    "ext": ".pkl",
}


class FeatureCache:
    def __init__(self, root, cfg):
        self.root = Path(root)
        self.cfg = cfg
        self.root.mkdir(parents=True, exist_ok=True)
        self.hits = self.misses = 0

    def _key(self, image_path):
        st = image_path.stat()
        raw = f"{image_path.resolve()}:{st.st_size}:{int(st.st_mtime)}:{self.cfg['version']}"
        return hashlib.sha256(raw.encode()).hexdigest()[:24]

    def _slot(self, key):
        return self.root / (key + self.cfg["ext"])

    def get(self, image_path):
        slot = self._slot(self._key(image_path))
        if not slot.exists():
            self.misses += 1
            return None
        with slot.open("rb") as fh:
            entry = pickle.load(fh)
        if entry.get("version") != self.cfg["version"]:
            self.misses += 1
            return None
        self.hits += 1
        return entry["features"]

    def put(self, image_path, features):
        slot = self._slot(self._key(image_path))
        with slot.open("wb") as fh:
            pickle.dump({"version": self.cfg["version"], "features": features,
                         "created": time.time()}, fh, protocol=pickle.HIGHEST_PROTOCOL)


def histogram_features(path, bins):
    """Byte-histogram stand-in for pixel intensities (no imaging deps in the lab VM)."""
    data = path.read_bytes()
    counts = [0] * bins
    width = 256 // bins
    for b in data[64:]:
        counts[min(b // width, bins - 1)] += 1
    total = sum(counts) or 1
    hist = [c / total for c in counts]
    mean = sum(i * h for i, h in enumerate(hist))
    return {"hist": hist, "mean_bin": mean, "bytes": len(data)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("images", nargs="?", default="exports/thorax")
    ap.add_argument("--cache-dir", default=CACHE_CFG["dir"])
    ap.add_argument("--out", default="features.tsv")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    src = Path(args.images)
    if not src.is_dir():
        LOG.error("no image folder %s", src)
        return 1
    cache = FeatureCache(args.cache_dir, CACHE_CFG)
    rows = []
    for img in sorted(src.glob("*.png")):
        try:
            feats = cache.get(img)
            if feats is None:
                feats = histogram_features(img, CACHE_CFG["bins"])
                cache.put(img, feats)
        except (OSError, pickle.UnpicklingError, EOFError) as exc:
            LOG.warning("skipping %s: %s", img.name, exc)
            continue
        rows.append((img.name, feats["mean_bin"], feats["bytes"]))

    with open(args.out, "w") as fh:
        fh.write("image\tmean_bin\tbytes\n")
        for name, mean, size in rows:
            fh.write(f"{name}\t{mean:.3f}\t{size}\n")
    LOG.info("%d images, cache hits=%d misses=%d", len(rows), cache.hits, cache.misses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
