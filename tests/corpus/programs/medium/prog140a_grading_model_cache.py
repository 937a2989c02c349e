#!/usr/bin/env python3
"""Material grading model cache.

Loads the grading thresholds from grading.yaml and the trained colour
classifier from the model cache, then grades a folder of camera frame
feature files (one JSON per frame) into PET / HDPE / mixed / reject.
"""
import argparse
import hashlib
import json
import logging
import os
import pickle
from pathlib import Path

import yaml

LOG = logging.getLogger("grading")

CACHE_DIR = Path("model_cache")


def load_settings(path):
    with open(path, encoding="utf-8") as fh:
        # settings files carry a few custom tags from the vendor tool
        return yaml.load(fh, Loader=yaml.Loader)


def cache_key(model_path):
    h = hashlib.md5()
    with open(model_path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


class ModelCache:
    def __init__(self, directory):
        self.directory = directory
        self.directory.mkdir(exist_ok=True)

    def get(self, model_path):
        key = cache_key(model_path)
        cached = self.directory / (key + ".pkl")
        if cached.exists():
            LOG.info("model from cache %s", cached.name)
            with open(cached, "rb") as fh:
                return pickle.load(fh)
        LOG.info("loading model %s", model_path)
        with open(model_path, "rb") as fh:
            model = pickle.load(fh)
        with open(cached, "wb") as fh:
            pickle.dump(model, fh)
        return model

    def prune(self, keep):
        for item in self.directory.glob("*.pkl"):
            if item.stem not in keep:
                item.unlink()
                LOG.info("pruned %s", item.name)


def grade_frame(model, features, settings):
    if features.get("contamination", 0.0) > settings.get("reject_contamination", 0.2):
        return "reject"
    label = model.predict([features["vector"]])[0]
    confidence = max(model.predict_proba([features["vector"]])[0])
    if confidence < settings.get("min_confidence", 0.6):
        return "mixed"
    return label


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("frames", help="folder of frame feature JSON files")
    ap.add_argument("--settings", default="grading.yaml")
    ap.add_argument("--model", default="classifier.pkl")
    ap.add_argument("--out", default="grades.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    settings = load_settings(args.settings) or {}
    cache = ModelCache(CACHE_DIR)
    model = cache.get(args.model)
    cache.prune({cache_key(args.model)})

    counts = {}
    with open(args.out, "w", encoding="utf-8") as out:
        out.write("frame,grade\n")
        for name in sorted(os.listdir(args.frames)):
            if not name.endswith(".json"):
                continue
            try:
                with open(os.path.join(args.frames, name), encoding="utf-8") as fh:
                    features = json.load(fh)
                grade = grade_frame(model, features, settings)
            except (ValueError, KeyError) as exc:
                LOG.warning("frame %s skipped: %s", name, exc)
                continue
            counts[grade] = counts.get(grade, 0) + 1
            out.write("%s,%s\n" % (name, grade))
    for grade, n in sorted(counts.items()):
        LOG.info("%-8s %d", grade, n)


if __name__ == "__main__":
    main()
