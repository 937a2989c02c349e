#!/usr/bin/env python3
"""Cache fitted stitch-density models for lace grounds.

Each ground (torchon, rose, kat stitch, Valenciennes) gets a small fitted model
that predicts thread length per square centimetre from pair count and pin
spacing. Fitted models and run settings are cached between sessions.
"""
import argparse
import hashlib
import logging
import os
import pickle
import sys

import yaml

log = logging.getLogger("stitchcache")

CACHE_DIR = os.path.join(os.getcwd(), ".stitch_cache")


class DensityModel:
    def __init__(self, ground):
        self.ground = ground
        self.coef = (0.0, 0.0, 0.0)

    def fit(self, samples):
        # least squares on (pairs, spacing_mm) -> cm_per_cm2, tiny closed form
        n = len(samples)
        if n < 3:
            raise ValueError("need at least three samples for %s" % self.ground)
        mp = sum(s[0] for s in samples) / n
        ms = sum(s[1] for s in samples) / n
        my = sum(s[2] for s in samples) / n
        bp = sum((s[0] - mp) * (s[2] - my) for s in samples) / max(1e-9, sum((s[0] - mp) ** 2 for s in samples))
        bs = sum((s[1] - ms) * (s[2] - my) for s in samples) / max(1e-9, sum((s[1] - ms) ** 2 for s in samples))
        self.coef = (my - bp * mp - bs * ms, bp, bs)
        return self

    def predict(self, pairs, spacing):
        a, bp, bs = self.coef
        return a + bp * pairs + bs * spacing


class ModelCache:
    def __init__(self, root):
        self.root = root
        os.makedirs(root, exist_ok=True)

    def _path(self, key):
        return os.path.join(self.root, hashlib.md5(key.encode()).hexdigest() + ".pkl")

    def get(self, key):
        path = self._path(key)
        if not os.path.exists(path):
            return None
        with open(path, "rb") as fh:
            return pickle.load(fh)

    def put(self, key, model):
        with open(self._path(key), "wb") as fh:
            pickle.dump(model, fh)


def load_settings(path):
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader) or {}


def main():
    ap = argparse.ArgumentParser(description="Stitch density model cache")
    ap.add_argument("settings", help="YAML file with grounds and samples")
    ap.add_argument("--pairs", type=int, default=24)
    ap.add_argument("--spacing", type=float, default=2.5)
    ap.add_argument("--refit", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        settings = load_settings(args.settings)
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot read settings: %s", exc)
        return 1
    cache = ModelCache(settings.get("cache_dir", CACHE_DIR))
    for ground, samples in settings.get("grounds", {}).items():
        model = None if args.refit else cache.get(ground)
        if model is None:
            try:
                model = DensityModel(ground).fit([tuple(s) for s in samples])
            except ValueError as exc:
                log.warning("%s", exc)
                continue
            cache.put(ground, model)
            log.info("fitted and cached %s", ground)
        print("%-14s %.1f cm thread per cm2" % (ground, model.predict(args.pairs, args.spacing)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
