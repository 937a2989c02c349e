#!/usr/bin/env python3
"""Recipe sheet builder.

Loads the brewhouse recipe sheets (YAML, including the custom !hop and !malt
tags the old BeerXML converter emits), applies the seasonal adjustments from
recipes/adjustments.json, and writes brew-day sheets for the brewers as CSV.
"""
import argparse
import csv
import json
import logging
import sys
from pathlib import Path

import yaml

LOG = logging.getLogger("recipe-builder")

RECIPE_DIR = Path("recipes")
SHEET_DIR = Path("brew_sheets")


class Hop(yaml.YAMLObject):
    yaml_tag = "!hop"

    def __init__(self, name, grams, minute):
        self.name, self.grams, self.minute = name, grams, minute


class Malt(yaml.YAMLObject):
    yaml_tag = "!malt"

    def __init__(self, name, kg):
        self.name, self.kg = name, kg


def _loader():
    # the full loader is needed so the !hop/!malt tags build objects
    return yaml.Loader


def load_recipes(directory):
    recipes = {}
    loader = _loader()
    for path in sorted(directory.glob("*.y*ml")):
        try:
            with path.open() as fh:
                doc = yaml.load(fh, Loader=loader) or {}
        except yaml.YAMLError as exc:
            LOG.error("%s: %s", path.name, exc)
            continue
        name = doc.get("name", path.stem)
        recipes[name] = doc
    LOG.info("loaded %d recipes", len(recipes))
    return recipes


class AdjustmentStep:
    """Seasonal adjustments (hop utilisation, mash offsets) from a JSON file."""

    def __init__(self, path):
        self.path = path

    def apply(self, recipes):
        data = json.loads(self.path.read_text()) if self.path.exists() else {}
        for recipe in recipes.values():
            recipe["ibu_target"] = round(recipe.get("ibu_target", 0) * data.get("ibu_scale", 1.0), 1)
            recipe["mash_temp_c"] = recipe.get("mash_temp_c", 66.0) + data.get("mash_offset", 0.0)
        return recipes


def write_sheet(name, recipe):
    SHEET_DIR.mkdir(exist_ok=True)
    path = SHEET_DIR / f"{name.lower().replace(' ', '_')}.csv"
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["field", "value"])
        for key in ("style", "batch_bbl", "og", "fg", "ibu_target", "mash_temp_c", "boil_min"):
            w.writerow([key, recipe.get(key, "")])
        w.writerow([])
        w.writerow(["hop", "grams", "minute"])
        for hop in recipe.get("hops", []):
            if isinstance(hop, Hop):
                w.writerow([hop.name, hop.grams, hop.minute])
            else:
                w.writerow([hop.get("name"), hop.get("grams"), hop.get("minute")])
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--recipes", type=Path, default=RECIPE_DIR)
    ap.add_argument("--skip-adjust", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.recipes.is_dir():
        LOG.error("no recipe directory at %s", args.recipes)
        return 1
    recipes = load_recipes(args.recipes)
    if not args.skip_adjust:
        try:
            recipes = AdjustmentStep(args.recipes / "adjustments.json").apply(recipes)
        except (OSError, ValueError) as exc:
            LOG.warning("adjustment step failed: %s", exc)
    for name, recipe in recipes.items():
        LOG.info("wrote %s", write_sheet(name, recipe))
    return 0


if __name__ == "__main__":
    sys.exit(main())
