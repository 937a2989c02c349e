#!/usr/bin/env python3
"""Mobile crane load chart calculator.

Given a crane model, boom length, working radius and counterweight
configuration, look up the rated capacity from the manufacturer load chart,
interpolate between chart points, and check a proposed lift (load + hook
block + rigging) against the duty percentage allowed by the lift plan.

Charts for each model are published by the chart service as small Python
modules exposing ``CHART`` and ``deductions()``; they are cached locally
under ``charts/`` and refreshed when the service reports a newer revision.
"""

import argparse
import bisect
import importlib.util
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("loadchart")

CHART_SERVICE = os.environ.get("CHART_SERVICE_URL",
                               "https://charts.example.com/v3")
CACHE_DIR = Path(os.environ.get("CHART_CACHE", "charts"))


class ChartStore:
    """Fetches and caches per-model chart modules."""

    def __init__(self, base_url=CHART_SERVICE, cache=CACHE_DIR, session=None):
        self.base_url = base_url.rstrip("/")
        self.cache = cache
        self.session = session or requests.Session()
        self.cache.mkdir(parents=True, exist_ok=True)

    def _index(self):
        resp = self.session.get(f"{self.base_url}/index.json", timeout=15)
        resp.raise_for_status()
        return resp.json()

    def _refresh(self, model, revision):
        resp = self.session.get(f"{self.base_url}/models/{model}.py", timeout=30)
        resp.raise_for_status()
        target = self.cache / f"{model}.py"
        target.write_text(resp.text)
        (self.cache / f"{model}.rev").write_text(str(revision))
        log.info("chart %s updated to revision %s", model, revision)
        return target

    def path_for(self, model):
        local = self.cache / f"{model}.py"
        try:
            revision = self._index()["models"][model]["revision"]
            rev_file = self.cache / f"{model}.rev"
            current = rev_file.read_text().strip() if rev_file.exists() else None
            if current != str(revision) or not local.exists():
                return self._refresh(model, revision)
        except (requests.RequestException, KeyError) as exc:
            log.warning("chart service unavailable (%s), using cache", exc)
        if not local.exists():
            raise FileNotFoundError(f"no chart for model {model}")
        return local

    def load(self, model):
        path = self.path_for(model)
        spec = importlib.util.spec_from_file_location(f"chart_{model}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module


def interpolate(points, radius):
    """Linear interpolation of capacity (t) over (radius_m, capacity_t) points."""
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
    table = chart.CHART[counterweight]
    booms = sorted(table)
    usable = [b for b in booms if b >= boom]
    if not usable:
        raise ValueError(f"boom {boom} m longer than chart maximum {booms[-1]} m")
    column = table[usable[0]]
    return interpolate(sorted(column.items()), radius)


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
        deductions = chart.deductions(args.counterweight) if hasattr(chart, "deductions") else 0.0
    except (FileNotFoundError, KeyError, ValueError) as exc:
        log.error("%s", exc)
        return 2

    gross = args.load + args.rigging + deductions
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
