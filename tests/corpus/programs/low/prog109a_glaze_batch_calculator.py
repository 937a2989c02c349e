#!/usr/bin/env python3
"""Scale a glaze recipe to a batch weight and show its Seger/UMF formula.

Recipes are CSV files (material,percent[,addition]) as copied out of the glaze
book; additions (colourants, opacifiers) are listed on top of the 100% base.
Material analyses come from materials.json (oxide weight percentages); a small
built-in table covers the usual studio materials.

    ./glaze_batch_calculator.py recipes/celadon.csv --grams 5000
    ./glaze_batch_calculator.py recipes/tenmoku.csv --grams 2500 --umf
"""
import argparse
import csv
import json
import logging
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("glaze-calc")

MOLAR_MASS = {"SiO2": 60.08, "Al2O3": 101.96, "B2O3": 69.62, "CaO": 56.08, "MgO": 40.30,
              "Na2O": 61.98, "K2O": 94.20, "ZnO": 81.38, "BaO": 153.33, "SrO": 103.62,
              "Li2O": 29.88, "Fe2O3": 159.69, "TiO2": 79.87, "LOI": None}
FLUXES = ("CaO", "MgO", "Na2O", "K2O", "ZnO", "BaO", "SrO", "Li2O")

BUILTIN = {
    "Custer Feldspar": {"SiO2": 68.5, "Al2O3": 17.0, "K2O": 10.0, "Na2O": 3.0, "CaO": 0.3},
    "Silica": {"SiO2": 100.0},
    "Whiting": {"CaO": 56.0, "LOI": 44.0},
    "EPK": {"SiO2": 45.7, "Al2O3": 37.5, "Fe2O3": 0.8, "TiO2": 0.4, "LOI": 13.9},
    "Talc": {"SiO2": 61.0, "MgO": 31.0, "LOI": 5.0},
    "Wollastonite": {"SiO2": 51.7, "CaO": 48.3},
    "Zinc Oxide": {"ZnO": 100.0},
    "Gerstley Borate": {"SiO2": 14.8, "Al2O3": 1.0, "B2O3": 26.0, "CaO": 19.0, "MgO": 3.4,
                        "Na2O": 4.2, "K2O": 0.3, "LOI": 26.0},
    "Red Iron Oxide": {"Fe2O3": 100.0},
}


def load_materials(path):
    materials = dict(BUILTIN)
    if path and Path(path).exists():
        with open(path) as fh:
            materials.update(json.load(fh))
        log.debug("loaded %d materials from %s", len(materials), path)
    return materials


def read_recipe(path):
    base, adds = [], []
    with open(path, newline="") as fh:
        for row in csv.reader(fh):
            if not row or row[0].startswith("#") or row[0].lower() == "material":
                continue
            name, pct = row[0].strip(), float(row[1])
            is_add = len(row) > 2 and row[2].strip().lower() in ("1", "y", "yes", "add")
            (adds if is_add else base).append((name, pct))
    total = sum(p for _, p in base)
    if abs(total - 100.0) > 0.5:
        log.warning("base totals %.1f%%, normalising to 100", total)
        base = [(n, p * 100.0 / total) for n, p in base]
    return base, adds


def batch(base, adds, grams):
    """Weights in grams so that the base sums to `grams`."""
    rows = [(n, p, grams * p / 100.0, False) for n, p in base]
    rows += [(n, p, grams * p / 100.0, True) for n, p in adds]
    return rows


def umf(base, materials):
    moles = defaultdict(float)
    for name, pct in base:
        analysis = materials.get(name)
        if analysis is None:
            raise KeyError("no analysis for %r - add it to materials.json" % name)
        for oxide, wt in analysis.items():
            mm = MOLAR_MASS.get(oxide)
            if mm:
                moles[oxide] += pct * wt / 100.0 / mm
    flux_total = sum(moles[o] for o in FLUXES)
    if flux_total == 0:
        raise ValueError("recipe has no fluxes")
    return {o: m / flux_total for o, m in moles.items() if m > 0}


def print_batch(rows, grams):
    print("%-22s %7s %10s" % ("material", "%", "grams"))
    for name, pct, g, is_add in rows:
        print("%-22s %7.2f %10.1f%s" % (name, pct, g, "  (+add)" if is_add else ""))
    total = sum(r[2] for r in rows)
    print("%-22s %7s %10.1f  (base %.0f g)" % ("total", "", total, grams))


def print_umf(formula):
    print("\nUMF")
    for group in (FLUXES, ("Al2O3", "B2O3", "Fe2O3"), ("SiO2", "TiO2")):
        for ox in group:
            if ox in formula:
                print("  %-6s %6.3f" % (ox, formula[ox]))
    si, al = formula.get("SiO2", 0), formula.get("Al2O3", 0)
    if al:
        print("  Si:Al  %6.2f" % (si / al))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Glaze batch calculator")
    ap.add_argument("recipe")
    ap.add_argument("--grams", type=float, default=1000.0)
    ap.add_argument("--materials", default="materials.json")
    ap.add_argument("--umf", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")

    try:
        base, adds = read_recipe(args.recipe)
    except (OSError, ValueError, IndexError) as exc:
        log.error("cannot read recipe %s: %s", args.recipe, exc)
        return 1
    print("Recipe: %s\n" % Path(args.recipe).stem.replace("_", " ").title())
    print_batch(batch(base, adds, args.grams), args.grams)
    if args.umf:
        try:
            print_umf(umf(base, load_materials(args.materials)))
        except (KeyError, ValueError) as exc:
            log.error("UMF: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
