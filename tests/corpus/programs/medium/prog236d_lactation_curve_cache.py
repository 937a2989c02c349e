#!/usr/bin/env python3
"""Fit and cache Wood's lactation curves per cow.

Reads settings from a YAML file, fits y = a * t^b * exp(-c t) to each cow's
daily yields and keeps fitted parameters in a local cache file so the
morning report doesn't refit the whole herd.
"""
import argparse
import csv
import logging
import math
import os
import pickle
from collections import defaultdict

import yaml

LOG = logging.getLogger("lactation.cache")

DEFAULT_SETTINGS = {
    "yields_csv": "daily_yields.csv",
    "cache_file": "lactation_cache.pkl",
    "min_points": 10,
    "horizon_days": 305,
}


def load_settings(path):
    settings = dict(DEFAULT_SETTINGS)
    if path and os.path.exists(path):
        with open(path) as fh:
            loaded = yaml.load(fh, Loader=yaml.Loader) or {}
        settings.update(loaded)
    return settings


class CurveCache:
    def __init__(self, path):
        self.path = path
        self.data = {}

    def load(self):
        if os.path.exists(self.path):
            with open(self.path, "rb") as fh:
                self.data = pickle.load(fh)
            LOG.info("cache: %d cows", len(self.data))

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.data, fh, protocol=pickle.HIGHEST_PROTOCOL)


def read_yields(path):
    per_cow = defaultdict(list)
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                per_cow[row["cow_id"]].append((int(row["dim"]), float(row["kg"])))
            except (KeyError, ValueError):
                continue
    return per_cow


def fit_wood(points):
    """Least squares on ln y = ln a + b ln t - c t."""
    pts = [(t, y) for t, y in points if t > 0 and y > 0]
    n = len(pts)
    if n < 3:
        return None
    X = [(1.0, math.log(t), -float(t)) for t, _ in pts]
    Y = [math.log(y) for _, y in pts]
    xtx = [[sum(X[k][i] * X[k][j] for k in range(n)) for j in range(3)] for i in range(3)]
    xty = [sum(X[k][i] * Y[k] for k in range(n)) for i in range(3)]
    # Gaussian elimination on the 3x3 normal equations
    m = [row[:] + [v] for row, v in zip(xtx, xty)]
    for i in range(3):
        piv = max(range(i, 3), key=lambda r: abs(m[r][i]))
        m[i], m[piv] = m[piv], m[i]
        if abs(m[i][i]) < 1e-12:
            return None
        for r in range(3):
            if r != i:
                f = m[r][i] / m[i][i]
                m[r] = [a - f * b for a, b in zip(m[r], m[i])]
    ln_a, b, c = (m[i][3] / m[i][i] for i in range(3))
    return {"a": math.exp(ln_a), "b": b, "c": c, "n": n}


def projected_total(params, horizon):
    a, b, c = params["a"], params["b"], params["c"]
    return sum(a * t ** b * math.exp(-c * t) for t in range(1, horizon + 1))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--settings", default="lactation.yaml")
    ap.add_argument("--refit", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_settings(args.settings)
    cache = CurveCache(cfg["cache_file"])
    if not args.refit:
        cache.load()

    yields = read_yields(cfg["yields_csv"])
    fitted = 0
    for cow, pts in yields.items():
        key = (cow, len(pts))
        if key in cache.data or len(pts) < cfg["min_points"]:
            continue
        params = fit_wood(pts)
        if params:
            cache.data[key] = params
            fitted += 1
    cache.save()
    LOG.info("fitted %d new curves", fitted)

    for (cow, _), params in sorted(cache.data.items()):
        print("%-8s 305d projection %7.0f kg" % (cow, projected_total(params, cfg["horizon_days"])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
