#!/usr/bin/env python3
"""Carbon:nitrogen blend calculator for peat-free compost batches.

Given the feedstocks on hand (feedstocks.csv in the working directory) and
a target C:N ratio, works out how much of a carbon-rich "brown" to add to a
nitrogen-rich "green" and writes the plan to blend_plan.csv.
"""
import argparse
import csv
import logging
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("cn-blend")


@dataclass(frozen=True)
class Feedstock:
    name: str
    carbon_pct: float
    nitrogen_pct: float
    moisture_pct: float

    @property
    def dry_fraction(self):
        return 1.0 - self.moisture_pct / 100.0

    @property
    def ratio(self):
        return self.carbon_pct / self.nitrogen_pct if self.nitrogen_pct else float("inf")


def read_feedstocks(path: Path):
    stock = {}
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                fs = Feedstock(row["name"].strip(), float(row["carbon_pct"]),
                               float(row["nitrogen_pct"]), float(row["moisture_pct"]))
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %s: %s", row, exc)
                continue
            stock[fs.name] = fs
    return stock


def brown_per_green(green: Feedstock, brown: Feedstock, target: float):
    """Wet kg of brown needed per wet kg of green to hit the target ratio."""
    gc, gn = green.carbon_pct * green.dry_fraction, green.nitrogen_pct * green.dry_fraction
    bc, bn = brown.carbon_pct * brown.dry_fraction, brown.nitrogen_pct * brown.dry_fraction
    denom = bc - target * bn
    if denom <= 0:
        raise ValueError(f"{brown.name} cannot raise the ratio to {target}")
    return max(0.0, (target * gn - gc) / denom)


def mix_moisture(green, brown, kg_g, kg_b):
    water = kg_g * green.moisture_pct + kg_b * brown.moisture_pct
    return water / (kg_g + kg_b)


def main(argv=None):
    ap = argparse.ArgumentParser(description="C:N blend calculator")
    ap.add_argument("green")
    ap.add_argument("browns", nargs="+")
    ap.add_argument("--target", type=float, default=30.0)
    ap.add_argument("--green-kg", type=float, default=1000.0)
    ap.add_argument("--stock", default="feedstocks.csv")
    ap.add_argument("--out", default="blend_plan.csv")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    stock = read_feedstocks(Path(args.stock))
    if args.green not in stock:
        log.error("unknown green feedstock %r", args.green)
        return 1
    green = stock[args.green]
    rows = []
    for name in args.browns:
        brown = stock.get(name)
        if brown is None:
            log.warning("unknown brown %r", name)
            continue
        try:
            k = brown_per_green(green, brown, args.target)
        except ValueError as exc:
            log.warning("%s", exc)
            continue
        kg_b = round(k * args.green_kg, 1)
        rows.append({"green": green.name, "brown": brown.name, "green_kg": args.green_kg,
                     "brown_kg": kg_b,
                     "mix_moisture_pct": round(mix_moisture(green, brown, args.green_kg, kg_b), 1)})
    if not rows:
        log.error("no workable blend")
        return 1
    with open(args.out, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    for r in rows:
        print(f"{r['brown']:<20} {r['brown_kg']:>8} kg  moisture {r['mix_moisture_pct']}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
