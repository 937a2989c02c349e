#!/usr/bin/env python3
"""Scale a brew recipe to a new batch volume and brewhouse efficiency.

Input is the JSON recipe format exported by our brewhouse planner:

    {
      "name": "Hillside Pale", "batch_l": 20, "efficiency": 0.72,
      "boil_l": 25, "og": 1.052,
      "fermentables": [{"name": "Maris Otter", "kg": 4.2}, ...],
      "hops": [{"name": "Cascade", "g": 30, "alpha": 6.5, "minutes": 60}, ...],
      "yeast": {"name": "US-05", "packs": 1, "cells_per_pack_bn": 120}
    }

Fermentables scale with volume and inversely with efficiency, hops are
rescaled so the Tinseth IBU stays the same, yeast is re-pitched for the new
volume at 0.75 M cells / ml / degree Plato. Current alpha-acid values can
optionally be pulled from the hop supplier's price-list API.
"""

import argparse
import json
import logging
import math
import sys
from pathlib import Path

import requests

log = logging.getLogger("recipe_scaler")

PITCH_RATE = 0.75  # million cells / ml / degree Plato


def sg_to_plato(sg: float) -> float:
    return -616.868 + 1111.14 * sg - 630.272 * sg ** 2 + 135.997 * sg ** 3


def tinseth_utilisation(og: float, minutes: float) -> float:
    bigness = 1.65 * 0.000125 ** (og - 1.0)
    boil_factor = (1 - math.exp(-0.04 * minutes)) / 4.15
    return bigness * boil_factor


def ibu(hop: dict, og: float, volume_l: float) -> float:
    util = tinseth_utilisation(og, hop["minutes"])
    return util * (hop["alpha"] / 100.0) * hop["g"] * 1000 / volume_l


def fetch_alpha_acids(url: str, timeout: float = 10.0) -> dict:
    resp = requests.get(url, timeout=timeout, headers={"Accept": "application/json"})
    resp.raise_for_status()
    return {item["variety"].lower(): float(item["alpha"]) for item in resp.json()["hops"]}


def scale_recipe(recipe: dict, target_l: float, target_eff: float, alphas: dict) -> dict:
    vol_ratio = target_l / recipe["batch_l"]
    eff_ratio = recipe["efficiency"] / target_eff
    og = recipe["og"]
    out = dict(recipe, batch_l=target_l, efficiency=target_eff)
    out["boil_l"] = round(recipe.get("boil_l", recipe["batch_l"] * 1.25) * vol_ratio, 1)

    out["fermentables"] = [
        dict(f, kg=round(f["kg"] * vol_ratio * eff_ratio, 3)) for f in recipe["fermentables"]
    ]

    hops = []
    for hop in recipe["hops"]:
        target_ibu = ibu(hop, og, recipe["batch_l"])
        new_alpha = alphas.get(hop["name"].lower(), hop["alpha"])
        if new_alpha != hop["alpha"]:
            log.info("%s alpha %.1f%% -> %.1f%%", hop["name"], hop["alpha"], new_alpha)
        util = tinseth_utilisation(og, hop["minutes"])
        grams = target_ibu * target_l / (util * (new_alpha / 100.0) * 1000) if util else 0.0
        hops.append(dict(hop, alpha=new_alpha, g=round(grams, 1)))
    out["hops"] = hops

    yeast = dict(recipe["yeast"])
    cells_needed_bn = PITCH_RATE * target_l * 1000 * sg_to_plato(og) / 1000
    per_pack = yeast.get("cells_per_pack_bn", 100)
    yeast["packs"] = max(1, math.ceil(cells_needed_bn / per_pack))
    out["yeast"] = yeast
    return out


def to_markdown(recipe: dict) -> str:
    lines = [f"# {recipe['name']} ({recipe['batch_l']} L @ {recipe['efficiency']:.0%})", ""]
    lines += ["| Fermentable | kg |", "|---|---:|"]
    lines += [f"| {f['name']} | {f['kg']:.3f} |" for f in recipe["fermentables"]]
    lines += ["", "| Hop | g | AA% | min |", "|---|---:|---:|---:|"]
    lines += [f"| {h['name']} | {h['g']:.1f} | {h['alpha']:.1f} | {h['minutes']} |" for h in recipe["hops"]]
    y = recipe["yeast"]
    lines += ["", f"Yeast: {y['name']} x {y['packs']}", f"Boil volume: {recipe['boil_l']} L"]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Scale a brew recipe")
    ap.add_argument("recipe", type=Path)
    ap.add_argument("-l", "--litres", type=float, required=True, help="target batch volume")
    ap.add_argument("-e", "--efficiency", type=float, help="target efficiency, e.g. 0.78")
    ap.add_argument("--hop-api", help="URL of supplier alpha-acid list (JSON)")
    ap.add_argument("-f", "--format", choices=("json", "md"), default="md")
    ap.add_argument("-o", "--output", type=Path)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        recipe = json.loads(args.recipe.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read recipe: %s", exc)
        return 1

    alphas = {}
    if args.hop_api:
        try:
            alphas = fetch_alpha_acids(args.hop_api)
        except (requests.RequestException, KeyError, ValueError) as exc:
            log.warning("alpha-acid lookup failed, keeping recipe values: %s", exc)

    scaled = scale_recipe(recipe, args.litres, args.efficiency or recipe["efficiency"], alphas)
    text = json.dumps(scaled, indent=2) + "\n" if args.format == "json" else to_markdown(scaled)
    if args.output:
        args.output.write_text(text)
        log.info("wrote %s", args.output)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
