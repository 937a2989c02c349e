#!/usr/bin/env python3
"""Fit and cache tidal harmonic constituents for gauge stations.

Raw water levels are pre-filtered with awk (drops flagged samples) and the
principal constituents are fitted by least squares. Fitted results are
cached under ./cache so predictions do not refit every run.
"""
import argparse
import logging
import os
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np

LOG = logging.getLogger("tg-harmonics")
CACHE = Path("./cache")
# angular speeds in degrees per hour
SPEEDS = {"M2": 28.9841042, "S2": 30.0, "N2": 28.4397295, "K1": 15.0410686, "O1": 13.9430356}

FILTER = r"""awk -F, -v q="$TG_QC_MAX" 'NR > 1 && $3 <= q { print $1 "," $2 }' "$TG_RAW" | sort -t, -k1,1n"""


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("station")
    p.add_argument("raw", help="CSV with hours_since_epoch,level_m,qc_flag")
    p.add_argument("--qc-max", type=int, default=1)
    p.add_argument("--refit", action="store_true")
    p.add_argument("--predict", type=float, nargs=2, metavar=("START_H", "END_H"))
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def load_series(raw, qc_max):
    env = dict(os.environ, TG_RAW=raw, TG_QC_MAX=str(qc_max))
    out = subprocess.run(FILTER, shell=True, env=env, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip())
    rows = [line.split(",") for line in out.stdout.splitlines() if line]
    arr = np.array(rows, dtype=float)
    return arr[:, 0], arr[:, 1]


def design(t):
    cols = [np.ones_like(t)]
    for speed in SPEEDS.values():
        w = np.radians(speed) * t
        cols += [np.cos(w), np.sin(w)]
    return np.column_stack(cols)


def fit(t, h):
    coef, *_ = np.linalg.lstsq(design(t), h, rcond=None)
    result = {"Z0": coef[0]}
    for i, name in enumerate(SPEEDS):
        a, b = coef[1 + 2 * i], coef[2 + 2 * i]
        result[name] = (float(np.hypot(a, b)), float(np.degrees(np.arctan2(b, a)) % 360))
    return result, coef


def cached(station):
    path = CACHE / f"{station}.pkl"
    if path.exists():
        with open(path, "rb") as fh:
            return pickle.load(fh)
    return None


def store(station, payload):
    CACHE.mkdir(exist_ok=True)
    with open(CACHE / f"{station}.pkl", "wb") as fh:
        pickle.dump(payload, fh)


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    payload = None if args.refit else cached(args.station)
    if payload is None:
        try:
            t, h = load_series(args.raw, args.qc_max)
        except (RuntimeError, ValueError, IndexError) as exc:
            LOG.error("could not read %s: %s", args.raw, exc)
            return 1
        if len(t) < 2 * len(SPEEDS) + 1:
            LOG.error("only %d samples, not enough to fit", len(t))
            return 1
        result, coef = fit(t, h)
        payload = {"constituents": result, "coef": coef, "n": len(t)}
        store(args.station, payload)
        LOG.info("fitted %s from %d samples", args.station, len(t))
    for name, value in payload["constituents"].items():
        if name == "Z0":
            print(f"Z0  {value:8.4f} m")
        else:
            print(f"{name:3s} {value[0]:8.4f} m  {value[1]:6.1f} deg")
    if args.predict:
        t = np.arange(args.predict[0], args.predict[1], 1.0)
        for ti, hi in zip(t, design(t) @ payload["coef"]):
            print(f"{ti:.0f},{hi:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
