#!/usr/bin/env python3
"""Per-lane colour calibration for the grading line cameras.

Each morning the operator runs the reference tile past every lane camera.
The tile readings (mean R, G, B per patch) land in ./calib/<lane>.csv. This
tool fits a simple per-channel gain/offset for each lane and caches the
fitted model so the grader start-up script can load it quickly.
"""
import argparse
import csv
import hashlib
import logging
import pickle
import sys
from pathlib import Path

LOG = logging.getLogger("lane-calibration")

CACHE_DIR = Path("./.calib_cache")
REFERENCE = {  # reference tile patch values (sRGB)
    "white": (243, 243, 242), "grey": (160, 160, 160),
    "red": (175, 54, 60), "green": (70, 148, 73), "yellow": (231, 199, 31),
}


class LaneModel:
    def __init__(self, lane, gains, offsets, n):
        self.lane = lane
        self.gains = gains
        self.offsets = offsets
        self.samples = n

    def correct(self, rgb):
        return tuple(g * v + o for v, g, o in zip(rgb, self.gains, self.offsets))

    def __repr__(self):
        return "LaneModel(%s, gains=%s, offsets=%s)" % (
            self.lane, ["%.3f" % g for g in self.gains],
            ["%.1f" % o for o in self.offsets])


def read_tile(path):
    rows = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            patch = row["patch"].strip().lower()
            if patch in REFERENCE:
                rows.append((patch, (float(row["r"]), float(row["g"]), float(row["b"]))))
    return rows


def fit_channel(measured, wanted):
    n = len(measured)
    mx, my = sum(measured) / n, sum(wanted) / n
    sxx = sum((x - mx) ** 2 for x in measured)
    if sxx == 0:
        return 1.0, my - mx
    gain = sum((x - mx) * (y - my) for x, y in zip(measured, wanted)) / sxx
    return gain, my - gain * mx


def fit(lane, rows):
    gains, offsets = [], []
    for ch in range(3):
        measured = [m[ch] for _, m in rows]
        wanted = [REFERENCE[p][ch] for p, _ in rows]
        g, o = fit_channel(measured, wanted)
        gains.append(g)
        offsets.append(o)
    return LaneModel(lane, gains, offsets, len(rows))


def cache_path(csv_path):
    key = hashlib.md5(csv_path.read_bytes()).hexdigest()
    return CACHE_DIR / ("%s-%s.pkl" % (csv_path.stem, key))


def load_or_fit(csv_path, refresh):
    cp = cache_path(csv_path)
    if cp.exists() and not refresh:
        with open(cp, "rb") as fh:
            model = pickle.load(fh)
        LOG.info("lane %s loaded from cache %s", csv_path.stem, cp.name)
        return model
    rows = read_tile(csv_path)
    if len(rows) < 3:
        raise ValueError("lane %s has only %d usable patches" % (csv_path.stem, len(rows)))
    model = fit(csv_path.stem, rows)
    CACHE_DIR.mkdir(exist_ok=True)
    with open(cp, "wb") as fh:
        pickle.dump(model, fh)
    LOG.info("lane %s fitted and cached", csv_path.stem)
    return model


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--calib", type=Path, default=Path("./calib"))
    ap.add_argument("--refresh", action="store_true", help="ignore cached models")
    ap.add_argument("--max-gain-drift", type=float, default=0.25)
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    files = sorted(args.calib.glob("*.csv"))
    if not files:
        LOG.error("no calibration files in %s", args.calib)
        return 1

    bad = 0
    for f in files:
        try:
            model = load_or_fit(f, args.refresh)
        except (OSError, KeyError, ValueError) as exc:
            LOG.error("lane %s: %s", f.stem, exc)
            bad += 1
            continue
        drift = max(abs(g - 1.0) for g in model.gains)
        level = logging.WARNING if drift > args.max_gain_drift else logging.INFO
        LOG.log(level, "%r drift=%.2f", model, drift)
    return 0 if bad == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
