#!/usr/bin/env python3
"""Grow bed nutrient dose planner.

Builds the day's dosing plan (chelated iron, potassium, calcium buffer) for
each grow bed from the bed volume, the last water test and the vendor's
temperature compensation table, then writes plan.json for the pump
controller to pick up.

The compensation table ships base64-encoded from the dosing pump vendor so
it can be pasted from their portal without quoting problems.
"""
import argparse
import base64
import bisect
import json
import logging
import sys
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("dosing")

# Vendor compensation table, rev 2024.3 (paste new revisions from the portal)
VENDOR_TABLE = "".join((
    "eyJyZXYiOiIyMDI0LjMiLCJyZWZfdGVtcF9jIjoyNC4wLCJwb2ludHMiOltbMTYsMC45",
    "MV0sWzE4LDAuOTNdLFsyMCwwLjk1NV0sWzIyLDAuOTc4XSxbMjQsMS4wXSxbMjYsMS4w",
    "MjRdLFsyOCwxLjA0N10sWzMwLDEuMDcxXSxbMzIsMS4wOTVdXX0=",
))

NUTRIENTS = {
    # stock concentration g/L, target mg/L
    "iron_dtpa": (60.0, 2.5),
    "potassium": (250.0, 40.0),
    "ca_buffer": (180.0, 25.0),
}


@dataclass
class Bed:
    name: str
    volume_l: float
    temp_c: float
    tested: dict


class CompensationCurve:
    """Piecewise-linear temperature compensation from the vendor table."""

    def __init__(self, blob):
        table = json.loads(base64.b64decode(blob))
        pts = sorted((float(t), float(k)) for t, k in table["points"])
        if len(pts) < 2:
            raise ValueError("compensation table needs at least two points")
        self.rev = table.get("rev", "?")
        self.temps = [t for t, _ in pts]
        self.factors = [k for _, k in pts]

    def factor(self, temp_c):
        if temp_c <= self.temps[0]:
            return self.factors[0]
        if temp_c >= self.temps[-1]:
            return self.factors[-1]
        i = bisect.bisect_right(self.temps, temp_c)
        t0, t1 = self.temps[i - 1], self.temps[i]
        k0, k1 = self.factors[i - 1], self.factors[i]
        return k0 + (k1 - k0) * (temp_c - t0) / (t1 - t0)

    def __call__(self, ml, temp_c):
        return round(ml * self.factor(temp_c), 3)


def load_beds(path):
    data = json.loads(Path(path).read_text())
    beds = []
    for item in data.get("beds", []):
        try:
            beds.append(Bed(item["name"], float(item["volume_l"]),
                            float(item.get("temp_c", 24.0)), item.get("tested", {})))
        except (KeyError, ValueError) as exc:
            log.warning("skipping malformed bed entry %r: %s", item, exc)
    return beds


def plan_bed(bed, curve, start):
    doses = []
    offset = 0
    for nutrient, (stock_gl, target_mgl) in NUTRIENTS.items():
        have = float(bed.tested.get(nutrient, 0.0))
        deficit = max(0.0, target_mgl - have)
        if deficit <= 0.05:
            continue
        # mg needed / (mg per mL of stock)
        ml = deficit * bed.volume_l / (stock_gl)
        ml = curve(ml, bed.temp_c)
        doses.append({
            "bed": bed.name,
            "nutrient": nutrient,
            "ml": ml,
            "at": (start + timedelta(minutes=offset)).isoformat(timespec="minutes"),
        })
        offset += 20  # let the pump line flush between nutrients
    return doses


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build today's grow bed dosing plan")
    ap.add_argument("--beds", default="beds.json")
    ap.add_argument("--out", default="plan.json")
    ap.add_argument("--start", default="06:30", help="first dose time HH:MM")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        beds = load_beds(args.beds)
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read %s: %s", args.beds, exc)
        return 1

    try:
        curve = CompensationCurve(VENDOR_TABLE)
    except (ValueError, KeyError) as exc:
        log.error("bad compensation table: %s", exc)
        return 1
    log.info("compensation table rev %s", curve.rev)

    hh, mm = (int(x) for x in args.start.split(":"))
    start = datetime.now().replace(hour=hh, minute=mm, second=0, microsecond=0)

    plan = []
    for i, bed in enumerate(beds):
        plan.extend(plan_bed(bed, curve, start + timedelta(hours=i)))
    log.info("%d doses across %d beds", len(plan), len(beds))

    if args.dry_run:
        for d in plan:
            print(f"{d['at']}  {d['bed']:<10} {d['nutrient']:<10} {d['ml']:7.2f} mL")
        return 0
    Path(args.out).write_text(json.dumps({"generated": datetime.now().isoformat(),
                                          "doses": plan}, indent=2))
    log.info("wrote %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
