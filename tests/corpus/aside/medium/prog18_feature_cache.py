#!/usr/bin/env python3
"""Feature cache for the training pipeline: expensive feature extraction
results are kept on disk between runs, keyed by the input file's digest."""
import argparse
import hashlib
import logging
from pathlib import Path

import dill

log = logging.getLogger("features")

CACHE = Path(".feature-cache")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def extract(path: Path):
    words = path.read_text().split()
    return {"count": len(words), "vocab": sorted(set(words)), "scorer": lambda w: len(w) / 10}


def cached_features(path: Path):
    CACHE.mkdir(exist_ok=True)
    entry = CACHE / f"{digest(path)}.dill"
    if entry.exists():
        with entry.open("rb") as handle:
            return dill.load(handle)
    features = extract(path)
    with entry.open("wb") as handle:
        dill.dump(features, handle)
    return features


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("inputs", nargs="+", type=Path)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    for item in args.inputs:
        log.info("%s: %d words", item, cached_features(item)["count"])
