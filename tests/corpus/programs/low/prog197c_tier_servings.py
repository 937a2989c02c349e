#!/usr/bin/env python3
"""Tier planner: works out servings and batter for a tiered wedding cake
and writes a shopping list CSV into the current folder."""
import argparse
import csv
import logging
import math
from dataclasses import dataclass, field

log = logging.getLogger("tiers")

# batter grams per cubic centimetre of finished cake, by recipe
DENSITY = {"vanilla": 0.55, "chocolate": 0.60, "lemon": 0.55, "fruit": 0.85, "carrot": 0.62}
# ingredient share of batter weight
RECIPES = {
    "vanilla": {"flour": 0.26, "sugar": 0.26, "butter": 0.22, "eggs": 0.22, "milk": 0.04},
    "chocolate": {"flour": 0.22, "sugar": 0.28, "butter": 0.20, "eggs": 0.20, "cocoa": 0.10},
    "lemon": {"flour": 0.26, "sugar": 0.26, "butter": 0.22, "eggs": 0.22, "lemon": 0.04},
    "fruit": {"flour": 0.15, "sugar": 0.12, "butter": 0.12, "eggs": 0.11, "fruit": 0.50},
    "carrot": {"flour": 0.22, "sugar": 0.22, "oil": 0.18, "eggs": 0.16, "carrot": 0.22},
}
PORTION_CM3 = 2.5 * 2.5 * 10


def _round(size, height):
    return math.pi * (size / 2) ** 2 * height


def _square(size, height):
    return size * size * height


def _hexagon(size, height):
    return (3 * math.sqrt(3) / 2) * (size / 2) ** 2 * height


SHAPES = {"round": _round, "square": _square, "hexagon": _hexagon}


@dataclass
class Tier:
    size_cm: float
    shape: str = "round"
    height_cm: float = 10.0
    flavour: str = "vanilla"
    volume: float = field(init=False)

    def __post_init__(self):
        try:
            self.volume = SHAPES[self.shape](self.size_cm, self.height_cm)
        except KeyError:
            raise ValueError(f"unknown shape {self.shape!r}") from None

    @property
    def servings(self):
        return int(self.volume // PORTION_CM3)

    @property
    def batter_g(self):
        return self.volume * DENSITY[self.flavour] * 1.08  # trimming loss


def parse_tier(spec):
    # "20:round:vanilla" or "15:square:chocolate:12"
    parts = spec.split(":")
    size = float(parts[0])
    shape = parts[1] if len(parts) > 1 else "round"
    flavour = parts[2] if len(parts) > 2 else "vanilla"
    height = float(parts[3]) if len(parts) > 3 else 10.0
    return Tier(size, shape, height, flavour)


def shopping_list(tiers):
    totals = {}
    for t in tiers:
        for item, share in RECIPES[t.flavour].items():
            totals[item] = totals.get(item, 0.0) + t.batter_g * share
    return totals


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("tiers", nargs="+", help="size:shape:flavour[:height], bottom tier first")
    ap.add_argument("--out", default="shopping_list.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        tiers = [parse_tier(s) for s in args.tiers]
    except (ValueError, KeyError) as exc:
        log.error("bad tier spec: %s", exc)
        return 2
    for i, t in enumerate(tiers, 1):
        log.info("tier %d: %s %gcm %s -> %d servings, %.0f g batter",
                 i, t.shape, t.size_cm, t.flavour, t.servings, t.batter_g)
    log.info("total servings: %d", sum(t.servings for t in tiers))

    with open(args.out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["ingredient", "grams"])
        for item, grams in sorted(shopping_list(tiers).items()):
            w.writerow([item, round(grams)])
    log.info("shopping list written to %s", args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
