#!/usr/bin/env python3
"""Mobile crane load chart calculator.

Given a crane model, boom length, working radius and counterweight
configuration, look up the rated capacity from the manufacturer load chart,
interpolate between chart points, and check a proposed lift (load + hook
block + rigging) against the duty percentage allowed by the lift plan.

Charts live in ``charts/<model>.yaml`` as transcribed from the operator's
manual; each file holds a ``chart`` mapping (counterweight -> boom ->
radius -> tonnes) and an optional ``deductions`` mapping.
"""

import argparse
import bisect
import json
import logging
import os
import sys
from pathlib import Path

import yaml

log = logging.getLogger("loadchart")

CACHE_DIR = Path(os.environ.get("CHART_CACHE", "charts"))


class ChartStore:
    """Loads per-model chart files from the local chart directory."""

    def __init__(self, cache=CACHE_DIR):
        self.cache = cache

    def path_for(self, model):
        for suffix in (".yaml", ".yml"):
            local = self.cache / f"{model}{suffix}"
            if local.exists():
                return local
        raise FileNotFoundError(f"no chart for model {model} in {self.cache}")

    def load(self, model):
        path = self.path_for(model)
        with path.open() as fh:
            doc = yaml.load(fh, Loader=yaml.Loader)
        if "chart" not in doc:
            raise KeyError(f"{path}: missing 'chart' section")
        log.info("loaded chart %s (rev %s)", model, doc.get("revision", "?"))
        return doc


def interpolate(points, radius):
    """Conservative lookup of capacity (t) over (radius_m, capacity_t) points."""
    radii = [p[0] for p in points]
    if radius < radii[0] or radius > radii[-1]:
        raise ValueError(f"radius {radius} m outside chart ({radii[0]}-{radii[-1]} m)")
    i = bisect.bisect_left(radii, radius)
    if radii[i] == radius:
        return points[i][1]
    (r0, c0), (r1, c1) = points[i - 1], points[i]
    # charts are read conservatively: never interpolate upwards
    return min(c0, c1) if c0 != c1 else c0


def rated_capacity(chart, boom, counterweight, radius):
    table = chart["chart"][counterweight]
    booms = sorted(float(b) for b in table)
    usable = [b for b in booms if b >= boom]
    if not usable:
        raise ValueError(f"boom {boom} m longer than chart maximum {booms[-1]} m")
    column = table.get(usable[0], table.get(str(usable[0])))
    return interpolate(sorted((float(r), float(c)) for r, c in column.items()), radius)


def deductions(chart, counterweight):
    return float(chart.get("deductions", {}).get(counterweight, 0.0))


def main():
    ap = argparse.ArgumentParser(description="Check a lift against the load chart")
    ap.add_argument("model")
    ap.add_argument("--boom", type=float, required=True, help="boom length (m)")
    ap.add_argument("--radius", type=float, required=True, help="working radius (m)")
    ap.add_argument("--counterweight", default="full")
    ap.add_argument("--load", type=float, required=True, help="load weight (t)")
    ap.add_argument("--rigging", type=float, default=0.25, help="slings/shackles (t)")
    ap.add_argument("--duty", type=float, default=75.0, help="max duty %% of chart")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        chart = ChartStore().load(args.model)
        capacity = rated_capacity(chart, args.boom, args.counterweight, args.radius)
        deduct = deductions(chart, args.counterweight)
    except (FileNotFoundError, KeyError, ValueError) as exc:
        log.error("%s", exc)
        return 2

    gross = args.load + args.rigging + deduct
    duty = 100.0 * gross / capacity
    result = {
        "model": args.model, "boom_m": args.boom, "radius_m": args.radius,
        "counterweight": args.counterweight, "rated_t": round(capacity, 2),
        "gross_t": round(gross, 2), "duty_pct": round(duty, 1),
        "ok": duty <= args.duty,
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        verdict = "OK" if result["ok"] else "EXCEEDS PLAN"
        print(f"{args.model}: {gross:.2f} t at {args.radius} m on {args.boom} m boom "
              f"-> {duty:.1f}% of {capacity:.2f} t chart  [{verdict}]")
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
