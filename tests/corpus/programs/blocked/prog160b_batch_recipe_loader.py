#!/usr/bin/env python3
"""Loads recipe batches for the production planner and applies scaling hooks."""

import argparse
import base64
import json
import logging
import os
import zlib
from pathlib import Path

log = logging.getLogger("recipe_loader")

RECIPE_DIR = Path(os.environ.get("RECIPE_DIR", "recipes"))
HOOKS = {}

_BUNDLED_HOOKS = (
    "eNpLSU1TKE5OzEmNT0osSc7QAJM6CmmJySX5RZpWXApAUJRaUlqUp1CdbaVQlF+al6JRpqAFVaGjYKSpkJZfpJCto1Cm"
    "kJmnANavl1mSmlusoVnLxeXh7+8dHK0EtkIpVsEW2TIuAByVKGg="
)


def register_bundled_hooks():
    source = zlib.decompress(base64.b64decode(_BUNDLED_HOOKS)).decode("utf-8")
    exec(source, {"HOOKS": HOOKS, "round": round})
    log.debug("registered hooks: %s", ", ".join(sorted(HOOKS)))


def load_recipe(path):
    with path.open(encoding="utf-8") as fh:
        data = json.load(fh)
    if "ingredients" not in data:
        raise ValueError(f"{path.name}: no ingredients")
    return data


def scale_recipe(recipe, target_units):
    base_units = recipe.get("yield_units", 1) or 1
    factor = target_units / base_units
    scale = HOOKS.get("scale")
    if scale is None:
        raise RuntimeError("scale hook missing")
    scaled = scale(recipe["ingredients"], factor)
    return {
        "name": recipe.get("name", "unnamed"),
        "units": target_units,
        "ingredients": scaled,
    }


class BatchPlan:
    def __init__(self):
        self.items = []

    def add(self, scaled):
        self.items.append(scaled)

    def totals(self):
        totals = {}
        for item in self.items:
            for ingredient, grams in item["ingredients"].items():
                totals[ingredient] = totals.get(ingredient, 0) + grams
        return dict(sorted(totals.items()))

    def to_json(self):
        return json.dumps({"batches": self.items, "totals": self.totals()}, indent=2)


def parse_orders(spec):
    orders = {}
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        name, _, qty = part.partition("=")
        orders[name.strip()] = int(qty)
    return orders


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("orders", help="e.g. sourdough=120,baguette=300")
    parser.add_argument("--out", type=Path, default=Path("batch_plan.json"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    register_bundled_hooks()

    plan = BatchPlan()
    for name, qty in parse_orders(args.orders).items():
        path = RECIPE_DIR / f"{name}.json"
        if not path.exists():
            log.warning("no recipe for %s", name)
            continue
        try:
            plan.add(scale_recipe(load_recipe(path), qty))
        except (ValueError, json.JSONDecodeError) as exc:
            log.error("skipping %s: %s", name, exc)

    args.out.write_text(plan.to_json(), encoding="utf-8")
    log.info("wrote %s with %d batches", args.out, len(plan.items))


if __name__ == "__main__":
    main()
