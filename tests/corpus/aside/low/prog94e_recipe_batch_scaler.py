#!/usr/bin/env python3
"""Scale production recipes to tomorrow's batch sizes.

Recipes live in recipes/*.toml as baker's percentages against total flour.
The production plan (plan.csv: recipe,units,unit_weight_g) says how many
pieces of each product are needed; this works out the dough weight, adds the
scrap allowance and writes one scaled sheet per recipe into ./batches.

An index.json listing the sheets is written next to them for the costing
spreadsheet.
"""
import argparse
import csv
import json
import logging
import math
import os
import tomllib
from pathlib import Path

log = logging.getLogger("scaler")

SCRAP_ALLOWANCE = float(os.environ.get("SCRAP_ALLOWANCE", "0.03"))


def write_index(out_dir, sheets):
    """Summary file the costing spreadsheet links to."""
    index = out_dir / "index.json"
    index.write_text(json.dumps({"sheets": [p.name for p in sheets]}, indent=2))
    return index


def load_recipe(path):
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    total = sum(data["percent"].values())
    if data["percent"].get("flour", 0) != 100:
        raise ValueError(f"{path.name}: flour must be 100%")
    return data["name"], data["percent"], total


def scale(percent, total_pct, dough_g):
    flour = dough_g * 100.0 / total_pct
    return {ing: round(flour * pct / 100.0) for ing, pct in percent.items()}


def read_plan(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield row["recipe"], int(row["units"]), float(row["unit_weight_g"])


def write_sheet(out_dir, name, units, unit_g, amounts):
    dough = sum(amounts.values())
    out = out_dir / f"{name.lower().replace(' ', '_')}.txt"
    lines = [f"{name}: {units} x {unit_g:.0f} g  (dough {dough / 1000:.2f} kg)", ""]
    for ing, grams in sorted(amounts.items(), key=lambda kv: -kv[1]):
        lines.append(f"  {ing:<18}{grams:>8} g")
    out.write_text("\n".join(lines) + "\n")
    return out


def main():
    ap = argparse.ArgumentParser(description="batch recipe scaler")
    ap.add_argument("--plan", default="plan.csv")
    ap.add_argument("--recipes", default="recipes")
    ap.add_argument("--out", default="batches")
    ap.add_argument("--no-index", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    recipes = {}
    for path in Path(args.recipes).glob("*.toml"):
        try:
            name, pct, total = load_recipe(path)
        except (ValueError, KeyError, tomllib.TOMLDecodeError) as exc:
            log.error("skipping %s: %s", path.name, exc)
            continue
        recipes[path.stem] = (name, pct, total)

    out_dir = Path(args.out)
    out_dir.mkdir(exist_ok=True)
    written = []
    for key, units, unit_g in read_plan(args.plan):
        if key not in recipes:
            log.error("plan refers to unknown recipe %s", key)
            continue
        name, pct, total = recipes[key]
        dough_g = math.ceil(units * unit_g * (1 + SCRAP_ALLOWANCE))
        sheet = write_sheet(out_dir, name, units, unit_g, scale(pct, total, dough_g))
        log.info("%s -> %s", name, sheet)
        written.append(sheet)

    if written and not args.no_index:
        write_index(out_dir, written)
    return 0 if written else 1


if __name__ == "__main__":
    raise SystemExit(main())
