#!/usr/bin/env python3
"""Carbon:nitrogen blend calculator for community compost bays.

Given an inventory of feedstocks (kg and material type) works out the C:N
ratio of the mix and suggests how much brown or green material to add to
reach the target ratio.
"""
import argparse
import csv
import json
import logging
import sys
from dataclasses import dataclass

log = logging.getLogger("cnratio")

# approximate carbon:nitrogen ratios and nitrogen content (% dry weight)
MATERIALS = {
    "grass": (20, 2.4), "food": (15, 2.5), "coffee": (20, 2.1),
    "manure": (18, 2.0), "leaves": (60, 0.9), "straw": (80, 0.6),
    "cardboard": (350, 0.1), "woodchip": (400, 0.1),
}


@dataclass
class Feedstock:
    material: str
    kg: float

    @property
    def nitrogen(self):
        return self.kg * MATERIALS[self.material][1] / 100

    @property
    def carbon(self):
        ratio, _n = MATERIALS[self.material]
        return self.nitrogen * ratio


def read_inventory(path):
    items = []
    with open(path, newline="", encoding="utf-8") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            mat = row.get("material", "").strip().lower()
            if mat not in MATERIALS:
                log.warning("line %d: unknown material %r skipped", lineno, mat)
                continue
            try:
                items.append(Feedstock(mat, float(row.get("kg", 0))))
            except ValueError:
                log.warning("line %d: bad weight %r", lineno, row.get("kg"))
    return items


def blend_ratio(items):
    n = sum(i.nitrogen for i in items)
    return (sum(i.carbon for i in items) / n) if n else float("inf")


def suggest(items, target, fixer):
    base_c = sum(i.carbon for i in items)
    base_n = sum(i.nitrogen for i in items)
    ratio, npct = MATERIALS[fixer]
    add_n_per_kg = npct / 100
    add_c_per_kg = add_n_per_kg * ratio
    denom = add_c_per_kg - target * add_n_per_kg
    if abs(denom) < 1e-9:
        return None
    kg = (target * base_n - base_c) / denom
    return kg if kg > 0 else None


def as_text(report):
    lines = [f"current C:N  {report['ratio']:.1f}", f"target C:N   {report['target']:.1f}"]
    if report["add_kg"] is not None:
        lines.append(f"add about {report['add_kg']:.1f} kg of {report['fixer']}")
    else:
        lines.append("mix is fine as it is (or the chosen material will not help)")
    return "\n".join(lines)


FORMATS = {"text": as_text, "json": lambda r: json.dumps(r, indent=2)}


def main():
    ap = argparse.ArgumentParser(description="compost C:N blend calculator")
    ap.add_argument("inventory", help="CSV with material,kg columns")
    ap.add_argument("--target", type=float, default=30.0)
    ap.add_argument("--format", choices=sorted(FORMATS), default="text")
    ap.add_argument("--out", help="write the report to this file")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        items = read_inventory(args.inventory)
    except OSError as exc:
        log.error("cannot read inventory: %s", exc)
        return 1
    if not items:
        log.error("inventory is empty")
        return 1
    ratio = blend_ratio(items)
    fixer = "woodchip" if ratio < args.target else "grass"
    report = {"ratio": ratio, "target": args.target, "fixer": fixer,
              "add_kg": suggest(items, args.target, fixer)}
    text = FORMATS[args.format](report)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
    else:
        sys.stdout.write(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
