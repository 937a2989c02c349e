#!/usr/bin/env python3
"""
uvvis_calibration_cache.py - build and apply UV-Vis calibration curves.

Fits Beer-Lambert calibration lines from standards measured on the UV-Vis
spectrometer and caches the fitted curves so that later sample batches can
be quantified without refitting.  The cache file can be shared between the
two UV-Vis PCs through the group's archive folder.

Usage:
    python3 uvvis_calibration_cache.py fit standards.csv [--cache calib.pkl]
    python3 uvvis_calibration_cache.py apply samples.csv [--cache calib.pkl]
"""

import argparse
import csv
import datetime
import logging
import os
import pickle
import statistics
import sys

LOG = logging.getLogger("uvvis-calib")


class CalibrationCurve:
    def __init__(self, analyte, wavelength, slope, intercept, r2):
        self.analyte = analyte
        self.wavelength = wavelength
        self.slope = slope
        self.intercept = intercept
        self.r2 = r2
        self.created = datetime.datetime.now().isoformat(timespec="seconds")

    def concentration(self, absorbance):
        return (absorbance - self.intercept) / self.slope

    def __repr__(self):
        return (f"<Curve {self.analyte}@{self.wavelength}nm slope={self.slope:.4f} "
                f"int={self.intercept:.4f} r2={self.r2:.4f}>")


def linear_fit(xs, ys):
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    slope = sxy / sxx
    intercept = my - slope * mx
    ss_tot = sum((y - my) ** 2 for y in ys)
    ss_res = sum((y - (slope * x + intercept)) ** 2 for x, y in zip(xs, ys))
    return slope, intercept, 1 - ss_res / ss_tot if ss_tot else 1.0


def load_cache(path):
    if not os.path.exists(path):
        return {}
    with open(path, "rb") as fh:
        return pickle.load(fh)


def save_cache(path, curves):
    with open(path, "wb") as fh:
        pickle.dump(curves, fh)
    LOG.info("cache saved: %s (%d curves)", path, len(curves))


def fit_standards(csv_path, cache_path):
    groups = {}
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            key = (row["analyte"], int(row["wavelength_nm"]))
            groups.setdefault(key, []).append((float(row["conc_mM"]), float(row["absorbance"])))
    curves = load_cache(cache_path)
    for (analyte, wl), points in groups.items():
        if len(points) < 3:
            LOG.warning("%s@%d: only %d standards, skipped", analyte, wl, len(points))
            continue
        slope, intercept, r2 = linear_fit([p[0] for p in points], [p[1] for p in points])
        curve = CalibrationCurve(analyte, wl, slope, intercept, r2)
        if r2 < 0.99:
            LOG.warning("%r has poor linearity", curve)
        curves[f"{analyte}@{wl}"] = curve
        LOG.info("fitted %r", curve)
    save_cache(cache_path, curves)


def apply_curves(csv_path, cache_path):
    curves = load_cache(cache_path)
    if not curves:
        LOG.error("no curves in %s; run 'fit' first", cache_path)
        return 1
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            key = f"{row['analyte']}@{row['wavelength_nm']}"
            curve = curves.get(key)
            if curve is None:
                LOG.warning("no calibration for %s (sample %s)", key, row["sample"])
                continue
            conc = curve.concentration(float(row["absorbance"]))
            print(f"{row['sample']:<20}{row['analyte']:<12}{conc:10.4f} mM")
    return 0


def main():
    p = argparse.ArgumentParser(description="UV-Vis calibration cache")
    p.add_argument("mode", choices=["fit", "apply"])
    p.add_argument("csv_file")
    p.add_argument("--cache", default="calib.pkl")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        if args.mode == "fit":
            fit_standards(args.csv_file, args.cache)
            return 0
        return apply_curves(args.csv_file, args.cache)
    except (OSError, KeyError, ValueError, ZeroDivisionError) as exc:
        LOG.error("failed: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
