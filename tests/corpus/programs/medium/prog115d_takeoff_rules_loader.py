#!/usr/bin/env python3
"""Roof material takeoff from a plane schedule.

Reads the plane schedule exported from the measuring app (one row per roof
plane) and turns it into an order list using a supplier rule pack.  Rule
packs are small Python modules kept under rules/ - one per shingle line -
because every manufacturer counts bundles, starter and cap differently.

A rule pack must define ``SUPPLIER`` and ``takeoff(totals) -> list[dict]``.

    ./takeoff.py planes/J2291.csv --rules gaf_timberline_hdz --waste 12
"""
import argparse
import csv
import json
import logging
import math
import sys
from dataclasses import dataclass, field
from pathlib import Path

RULES_DIR = Path(__file__).resolve().parent / "rules"
log = logging.getLogger("takeoff")


@dataclass
class Totals:
    roof_sqft: float = 0.0
    eave_ft: float = 0.0
    rake_ft: float = 0.0
    ridge_ft: float = 0.0
    hip_ft: float = 0.0
    valley_ft: float = 0.0
    steep_sqft: float = 0.0
    planes: list = field(default_factory=list)

    @property
    def squares(self) -> float:
        return self.roof_sqft / 100.0


def pitch_factor(pitch: str) -> float:
    rise, _, run = pitch.partition("/")
    rise, run = float(rise), float(run or 12)
    return math.sqrt(1 + (rise / run) ** 2)


def read_planes(path: Path) -> Totals:
    totals = Totals()
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                footprint = float(row["footprint_sqft"])
                factor = pitch_factor(row["pitch"])
            except (KeyError, ValueError) as exc:
                log.warning("skipping plane %s: %s", row.get("plane_id", "?"), exc)
                continue
            area = footprint * factor
            totals.roof_sqft += area
            if factor > pitch_factor("8/12"):
                totals.steep_sqft += area
            for edge in ("eave", "rake", "ridge", "hip", "valley"):
                value = float(row.get(f"{edge}_ft") or 0)
                setattr(totals, f"{edge}_ft", getattr(totals, f"{edge}_ft") + value)
            totals.planes.append(row.get("plane_id"))
    return totals


class RulePack:
    """A supplier rule pack evaluated into its own namespace."""

    def __init__(self, name: str, source: str, origin: str):
        self.name = name
        self.origin = origin
        self.namespace = {"__name__": f"rules.{name}", "math": math}
        code = compile(source, origin, "exec")
        exec(code, self.namespace)
        if "takeoff" not in self.namespace:
            raise ValueError(f"rule pack {name} has no takeoff()")

    @property
    def supplier(self) -> str:
        return self.namespace.get("SUPPLIER", self.name)

    def run(self, totals: Totals) -> list:
        return self.namespace["takeoff"](totals)


def locate_rules(name: str) -> RulePack:
    path = RULES_DIR / f"{name}.py"
    if not path.exists():
        available = ", ".join(sorted(p.stem for p in RULES_DIR.glob("*.py"))) or "none"
        raise FileNotFoundError(f"no rule pack {name!r} (available: {available})")
    return RulePack(name, path.read_text(encoding="utf-8"), str(path))


def apply_waste(items: list, waste_pct: float) -> list:
    out = []
    for item in items:
        qty = item["qty"]
        if item.get("waste", True):
            qty = math.ceil(qty * (1 + waste_pct / 100.0))
        out.append({**item, "qty": int(math.ceil(qty))})
    return out


def print_table(items: list, supplier: str, totals: Totals) -> None:
    print(f"Supplier: {supplier}")
    print(f"Roof area: {totals.roof_sqft:,.0f} sq ft ({totals.squares:.1f} squares), "
          f"{len(totals.planes)} planes, steep {totals.steep_sqft:,.0f} sq ft")
    print(f"{'item':40} {'qty':>6} unit")
    for item in items:
        print(f"{item['item']:40} {item['qty']:>6} {item.get('unit', 'ea')}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="roof material takeoff")
    ap.add_argument("planes", type=Path, help="plane schedule CSV")
    ap.add_argument("--rules", default="gaf_timberline_hdz")
    ap.add_argument("--waste", type=float, default=10.0, help="waste percent")
    ap.add_argument("--json", action="store_true", help="print JSON order list")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        pack = locate_rules(args.rules)
    except (FileNotFoundError, ValueError, SyntaxError) as exc:
        log.error("%s", exc)
        return 2

    totals = read_planes(args.planes)
    if not totals.planes:
        log.error("no usable planes in %s", args.planes)
        return 1

    items = apply_waste(pack.run(totals), args.waste)
    if args.json:
        json.dump({"supplier": pack.supplier, "items": items}, sys.stdout, indent=2)
    else:
        print_table(items, pack.supplier, totals)
    return 0


if __name__ == "__main__":
    sys.exit(main())
