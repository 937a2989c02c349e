#!/usr/bin/env python3
"""Batch calculator for the clear-glass furnace charge.

Scales a base recipe (percent by weight) to a target charge and writes the
weigh-out sheet. Results are cached by recipe content so reprints are fast.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("batch-calc")

CACHE_DIR = Path(os.environ.get("BATCH_CACHE", ".batch_cache"))

RECIPES = {
    "clear_soda_lime": {"silica sand": 62.0, "soda ash": 19.5, "limestone": 10.0,
                        "potash": 3.5, "borax": 2.0, "alumina": 1.5, "cullet binder": 1.5},
    "boro_3_3": {"silica sand": 80.5, "boric acid": 13.0, "soda ash": 4.0, "alumina": 2.5},
    "crystal_lite": {"silica sand": 58.0, "potash": 15.0, "zinc oxide": 10.0,
                     "barium carbonate": 9.0, "soda ash": 8.0},
}


def cached(fn):
    def wrapper(recipe_name, charge_kg):
        blob = json.dumps([recipe_name, RECIPES[recipe_name], charge_kg], sort_keys=True)
        key = hashlib.md5(blob.encode()).hexdigest()
        path = CACHE_DIR / f"{key}.json"
        if path.exists():
            log.debug("cache hit %s", key)
            return json.loads(path.read_text())
        result = fn(recipe_name, charge_kg)
        CACHE_DIR.mkdir(exist_ok=True)
        path.write_text(json.dumps(result))
        return result
    return wrapper


@dataclass
class WeighLine:
    material: str
    pct: float
    kg: float = field(init=False)
    charge: float = 0.0

    def __post_init__(self):
        self.kg = round(self.charge * self.pct / 100.0, 3)


@cached
def scale(recipe_name, charge_kg):
    recipe = RECIPES[recipe_name]
    total = sum(recipe.values())
    lines = [WeighLine(m, p * 100.0 / total, charge=charge_kg) for m, p in recipe.items()]
    return [{"material": l.material, "pct": round(l.pct, 2), "kg": l.kg} for l in lines]


def write_csv(rows, out):
    with open(out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["material", "pct", "kg"])
        w.writeheader()
        w.writerows(rows)


def write_text(rows, out):
    with open(out, "w") as fh:
        for r in rows:
            fh.write(f"[ ] {r['material']:<18} {r['kg']:>8.3f} kg  ({r['pct']:.2f}%)\n")


WRITERS = {"csv": write_csv, "txt": write_text}


def main():
    ap = argparse.ArgumentParser(description="Scale a furnace batch recipe")
    ap.add_argument("recipe", choices=sorted(RECIPES))
    ap.add_argument("charge_kg", type=float)
    ap.add_argument("--format", choices=sorted(WRITERS), default="txt")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.clear_cache and CACHE_DIR.is_dir():
        for p in CACHE_DIR.glob("*.json"):
            p.unlink()
    rows = scale(args.recipe, args.charge_kg)
    out = Path(f"weighout_{args.recipe}_{args.charge_kg:g}kg.{args.format}")
    getattr(__import__("sys").modules[__name__], "WRITERS")[args.format](rows, out)
    log.info("wrote %s (%d materials, %.1f kg)", out, len(rows), sum(r["kg"] for r in rows))


if __name__ == "__main__":
    main()
