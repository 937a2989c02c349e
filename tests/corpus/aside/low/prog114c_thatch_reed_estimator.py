#!/usr/bin/env python3
"""Estimate reed, spars, sways and labour for a thatch re-coat or full rethatch.

Roof sections are described in a small TOML file (one table per section:
plan length and rafter length, coat depth, whether it is a ridge, a hip or
a dormer cheek). The estimator works out the bundle count from the coverage
rate for the chosen material, adds waste, and prices it from rates.toml.

    thatch_reed_estimator.py job.toml --material water_reed --rates rates.toml
"""

import argparse
import json
import logging
import math
import sys
import tomllib
from dataclasses import dataclass, field, asdict
from pathlib import Path

LOG = logging.getLogger("reed-estimate")

# bundles per square metre at a 300 mm coat, by material
COVERAGE = {
    "water_reed": 8.5,
    "combed_wheat": 10.0,
    "long_straw": 11.5,
}
SPARS_PER_M2 = 12
SWAYS_M_PER_M2 = 1.4
DORMER_FACTOR = 1.35       # cheeks and aprons take longer and waste more


@dataclass
class Section:
    name: str
    plan_length_m: float
    rafter_length_m: float
    coat_mm: int = 300
    kind: str = "slope"

    @property
    def area_m2(self):
        return self.plan_length_m * self.rafter_length_m


@dataclass
class Estimate:
    bundles: int = 0
    spars: int = 0
    sways_m: float = 0.0
    ridge_m: float = 0.0
    labour_days: float = 0.0
    lines: list = field(default_factory=list)


def load_sections(path):
    data = tomllib.loads(path.read_text())
    for name, spec in data.get("section", {}).items():
        yield Section(name=name,
                      plan_length_m=float(spec["plan_length_m"]),
                      rafter_length_m=float(spec["rafter_length_m"]),
                      coat_mm=int(spec.get("coat_mm", 300)),
                      kind=spec.get("kind", "slope"))


def estimate(sections, material, waste_pct, crew_m2_per_day):
    per_m2 = COVERAGE[material]
    est = Estimate()
    for s in sections:
        if s.kind == "ridge":
            est.ridge_m += s.plan_length_m
            est.lines.append(f"{s.name}: ridge {s.plan_length_m:.1f} m")
            continue
        factor = DORMER_FACTOR if s.kind == "dormer" else 1.0
        depth_ratio = s.coat_mm / 300
        bundles = s.area_m2 * per_m2 * depth_ratio * factor
        est.bundles += math.ceil(bundles * (1 + waste_pct / 100))
        est.spars += math.ceil(s.area_m2 * SPARS_PER_M2 * factor)
        est.sways_m += s.area_m2 * SWAYS_M_PER_M2
        est.labour_days += s.area_m2 * factor * depth_ratio / crew_m2_per_day
        est.lines.append(f"{s.name}: {s.area_m2:.1f} m2, {bundles:.0f} bundles before waste")
    est.labour_days += est.ridge_m / 6.0   # about 6 m of block-cut ridge a day
    est.labour_days = round(est.labour_days, 1)
    est.sways_m = round(est.sways_m, 1)
    return est


def price(est, rates, material):
    items = {
        "reed": est.bundles * rates["bundle"][material],
        "spars": est.spars * rates["spar"],
        "sways": est.sways_m * rates["sway_per_m"],
        "ridge": est.ridge_m * rates["ridge_per_m"],
        "labour": est.labour_days * rates["crew_day"],
    }
    items = {k: round(v, 2) for k, v in items.items()}
    items["subtotal"] = round(sum(items.values()), 2)
    items["vat"] = round(items["subtotal"] * rates.get("vat_rate", 0.2), 2)
    items["total"] = round(items["subtotal"] + items["vat"], 2)
    return items


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("job", type=Path)
    ap.add_argument("--material", choices=sorted(COVERAGE), default="water_reed")
    ap.add_argument("--rates", type=Path, default=Path("rates.toml"))
    ap.add_argument("--waste", type=float, default=7.5, help="waste allowance, percent")
    ap.add_argument("--crew-rate", type=float, default=4.0,
                    help="square metres a two-man crew lays per day")
    ap.add_argument("--json", type=Path, help="also write the estimate as JSON here")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        sections = list(load_sections(args.job))
        rates = tomllib.loads(args.rates.read_text())
    except (OSError, KeyError, ValueError, tomllib.TOMLDecodeError) as exc:
        LOG.error("cannot read job or rates: %s", exc)
        return 2
    if not sections:
        LOG.error("%s has no [section.*] tables", args.job)
        return 2

    est = estimate(sections, args.material, args.waste, args.crew_rate)
    costs = price(est, rates, args.material)

    for line in est.lines:
        print(line)
    print(f"\n{est.bundles} bundles {args.material.replace('_', ' ')}, "
          f"{est.spars} spars, {est.sways_m} m sways, {est.ridge_m} m ridge")
    print(f"about {est.labour_days} crew days\n")
    for key, value in costs.items():
        print(f"{key:>9}: £{value:,.2f}")

    if args.json:
        args.json.write_text(json.dumps({"estimate": asdict(est), "costs": costs},
                                        indent=2))
        LOG.info("wrote %s", args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
