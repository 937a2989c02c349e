#!/usr/bin/env python3
"""Retanning recipe cache for the dosing terminal.

Recipes are maintained as YAML files by the chemist (one per article, e.g.
nappa_black.yaml). Parsing all of them at every drum start is slow on the
old terminal, so the parsed set is cached to a binary snapshot and only
rebuilt when a YAML file changes.
"""
import argparse
import logging
import os
import pickle
from pathlib import Path

import yaml

LOG = logging.getLogger("recipe-cache")

RECIPE_DIR = Path(os.environ.get("RECIPE_DIR", "recipes"))
CACHE_FILE = Path(os.environ.get("RECIPE_CACHE", ".recipe_cache.pkl"))


class Recipe:
    def __init__(self, article, steps, drum_load_kg=0.0):
        self.article = article
        self.steps = steps
        self.drum_load_kg = drum_load_kg

    def dosage(self, load_kg):
        """Scale every chemical step (percent on shaved weight) to kg."""
        out = []
        for step in self.steps:
            pct = float(step.get("percent", 0))
            out.append((step.get("chemical", "?"), round(load_kg * pct / 100.0, 2),
                        step.get("minutes", 0)))
        return out


def _newest_mtime(folder):
    times = [p.stat().st_mtime for p in folder.glob("*.yaml")]
    return max(times) if times else 0.0


def parse_recipes(folder):
    recipes = {}
    for path in sorted(folder.glob("*.yaml")):
        with path.open() as fh:
            doc = yaml.load(fh, Loader=yaml.Loader)
        if not isinstance(doc, dict):
            LOG.warning("ignoring %s: not a mapping", path.name)
            continue
        article = doc.get("article", path.stem)
        recipes[article] = Recipe(article, doc.get("steps", []), doc.get("drum_load_kg", 0))
    return recipes


def load_recipes(folder, cache, rebuild=False):
    if not rebuild and cache.exists() and cache.stat().st_mtime >= _newest_mtime(folder):
        with cache.open("rb") as fh:
            LOG.debug("using cached recipes from %s", cache)
            return pickle.load(fh)
    recipes = parse_recipes(folder)
    with cache.open("wb") as fh:
        pickle.dump(recipes, fh)
    LOG.info("rebuilt cache with %d recipes", len(recipes))
    return recipes


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("article", nargs="?")
    parser.add_argument("--load", type=float, help="shaved weight in kg")
    parser.add_argument("--rebuild", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    recipes = load_recipes(RECIPE_DIR, CACHE_FILE, args.rebuild)
    if not args.article:
        for name in sorted(recipes):
            print(name)
        return
    recipe = recipes.get(args.article)
    if recipe is None:
        raise SystemExit("unknown article %s" % args.article)
    load = args.load or recipe.drum_load_kg
    print("%s for %.0f kg shaved weight" % (recipe.article, load))
    for chemical, kg, minutes in recipe.dosage(load):
        print("  %-28s %8.2f kg  run %3s min" % (chemical, kg, minutes))


if __name__ == "__main__":
    main()
