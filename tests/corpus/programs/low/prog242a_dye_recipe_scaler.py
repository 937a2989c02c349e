#!/usr/bin/env python3
"""Scale dye-house recipes from the lab batch size to a production batch.

Recipes are stored as JSON in ./recipes/ (one file per shade). Each recipe
lists dyestuffs and auxiliaries as grams per kilogram of fabric, plus a
liquor ratio. This tool scales them to the weight of goods loaded in a jet
dyeing machine and writes a work ticket into ./tickets/.

Scaled results are cached under ./.scale_cache/ keyed by an MD5 of the
recipe contents and batch weight, so re-printing a ticket is instant.
"""

import argparse
import hashlib
import json
import logging
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("recipe_scaler")

CACHE_DIR = Path(".scale_cache")
TICKET_DIR = Path("tickets")


@dataclass
class Component:
    name: str
    grams_per_kg: float
    kind: str = "dye"

    def scaled(self, fabric_kg: float) -> float:
        return round(self.grams_per_kg * fabric_kg, 2)


@dataclass
class Recipe:
    shade: str
    liquor_ratio: float
    temperature_c: int
    components: list = field(default_factory=list)

    @classmethod
    def from_file(cls, path: Path) -> "Recipe":
        data = json.loads(path.read_text(encoding="utf-8"))
        comps = [Component(c["name"], float(c["g_per_kg"]), c.get("kind", "dye"))
                 for c in data.get("components", [])]
        if not comps:
            raise ValueError(f"{path}: recipe has no components")
        return cls(data["shade"], float(data.get("liquor_ratio", 8.0)),
                   int(data.get("temperature_c", 130)), comps)


def cache_key(recipe_path: Path, fabric_kg: float) -> str:
    h = hashlib.md5()
    h.update(recipe_path.read_bytes())
    h.update(f"{fabric_kg:.3f}".encode())
    return h.hexdigest()


def scale(recipe: Recipe, fabric_kg: float) -> dict:
    water_l = round(recipe.liquor_ratio * fabric_kg, 1)
    lines = []
    for comp in recipe.components:
        grams = comp.scaled(fabric_kg)
        if comp.kind == "dye" and grams < 0.5:
            log.warning("%s: only %.2f g of %s, weigh on the analytical balance",
                        recipe.shade, grams, comp.name)
        lines.append({"name": comp.name, "kind": comp.kind, "grams": grams})
    return {"shade": recipe.shade, "fabric_kg": fabric_kg, "water_l": water_l,
            "temperature_c": recipe.temperature_c, "lines": lines}


def write_ticket(result: dict, machine: str) -> Path:
    TICKET_DIR.mkdir(exist_ok=True)
    out = TICKET_DIR / f"{result['shade']}_{machine}.txt"
    with out.open("w", encoding="utf-8") as fh:
        fh.write(f"Shade: {result['shade']}   Machine: {machine}\n")
        fh.write(f"Fabric: {result['fabric_kg']} kg   Water: {result['water_l']} L   "
                 f"Temp: {result['temperature_c']} C\n\n")
        for line in result["lines"]:
            fh.write(f"  {line['kind']:<10} {line['name']:<28} {line['grams']:>10.2f} g\n")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("shade", help="shade code, e.g. NAVY-214")
    ap.add_argument("--kg", type=float, required=True, help="weight of goods in kg")
    ap.add_argument("--machine", default="JET-03")
    ap.add_argument("--recipes", type=Path, default=Path("recipes"))
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("cleared %s", CACHE_DIR)

    path = args.recipes / f"{args.shade}.json"
    if not path.is_file():
        log.error("no recipe for shade %s in %s", args.shade, args.recipes)
        return 2
    if args.kg <= 0 or args.kg > 2000:
        log.error("batch weight %.1f kg is outside machine limits", args.kg)
        return 2

    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / f"{cache_key(path, args.kg)}.json"
    if cached.exists():
        log.debug("cache hit %s", cached.name)
        result = json.loads(cached.read_text())
    else:
        try:
            result = scale(Recipe.from_file(path), args.kg)
        except (KeyError, ValueError) as exc:
            log.error("bad recipe: %s", exc)
            return 1
        cached.write_text(json.dumps(result, indent=2))

    ticket = write_ticket(result, args.machine)
    log.info("ticket written to %s", ticket)
    return 0


if __name__ == "__main__":
    sys.exit(main())
