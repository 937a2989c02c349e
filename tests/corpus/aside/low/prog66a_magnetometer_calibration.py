#!/usr/bin/env python3
"""Hard- and soft-iron calibration for a 3-axis magnetometer.

Input is a CSV of raw samples (mx,my,mz) collected while rotating the robot
through as many orientations as possible.  An ellipsoid is fitted by least
squares; the output is the offset vector and the 3x3 correction matrix that
maps the ellipsoid onto a sphere of the expected field strength.

    magnetometer_calibration.py samples.csv -o mag_cal.json --field 48.5
"""
import argparse
import csv
import hashlib
import json
import logging
import sys
from pathlib import Path

import numpy as np

LOG = logging.getLogger("magcal")
CACHE_DIR = Path(".magcal_cache")


def load_samples(path, columns=("mx", "my", "mz")):
    with open(path, newline="") as fh:
        reader = csv.DictReader(fh)
        rows = [[float(r[c]) for c in columns] for r in reader if all(r.get(c) for c in columns)]
    if len(rows) < 50:
        raise ValueError(f"only {len(rows)} usable samples; need at least 50")
    return np.asarray(rows)


def cache_key(path, field):
    h = hashlib.md5()
    h.update(Path(path).read_bytes())
    h.update(f"{field:.3f}".encode())
    return h.hexdigest()


def fit_ellipsoid(x):
    """Algebraic fit of a x^2 + b y^2 + c z^2 + 2f yz + 2g xz + 2h xy + 2p x + 2q y + 2r z = 1."""
    mx, my, mz = x[:, 0], x[:, 1], x[:, 2]
    d = np.column_stack([mx**2, my**2, mz**2, 2 * my * mz, 2 * mx * mz, 2 * mx * my,
                         2 * mx, 2 * my, 2 * mz])
    coef, *_ = np.linalg.lstsq(d, np.ones(len(x)), rcond=None)
    a, b, c, f, g, h, p, q, r = coef
    m = np.array([[a, h, g], [h, b, f], [g, f, c]])
    n = np.array([p, q, r])
    offset = -np.linalg.solve(m, n)
    scale = 1.0 + offset @ m @ offset
    return m / scale, offset


def correction_matrix(m, field):
    w, v = np.linalg.eigh(m)
    if np.any(w <= 0):
        raise ValueError("fit is not an ellipsoid; collect more varied orientations")
    return v @ np.diag(np.sqrt(w)) @ v.T * field


def residual(x, offset, corr, field):
    cal = (x - offset) @ corr.T
    norms = np.linalg.norm(cal, axis=1)
    return float(np.std(norms) / field)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("samples")
    ap.add_argument("-o", "--output", default="mag_cal.json")
    ap.add_argument("--field", type=float, default=50.0, help="local field strength in uT")
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = cache_key(args.samples, args.field)
    cached = CACHE_DIR / f"{key}.json"
    if cached.exists() and not args.no_cache:
        LOG.info("using cached result %s", cached)
        result = json.loads(cached.read_text())
    else:
        try:
            x = load_samples(args.samples)
            m, offset = fit_ellipsoid(x)
            corr = correction_matrix(m, args.field)
        except (OSError, ValueError, np.linalg.LinAlgError) as exc:
            LOG.error("calibration failed: %s", exc)
            return 1
        result = {
            "hard_iron": offset.round(4).tolist(),
            "soft_iron": corr.round(6).tolist(),
            "field_ut": args.field,
            "samples": int(len(x)),
            "residual": round(residual(x, offset, corr, args.field), 5),
        }
        CACHE_DIR.mkdir(exist_ok=True)
        cached.write_text(json.dumps(result))

    Path(args.output).write_text(json.dumps(result, indent=2) + "\n")
    LOG.info("hard iron offset: %s", result["hard_iron"])
    LOG.info("relative residual: %.2f%%", 100 * result["residual"])
    if result["residual"] > 0.05:
        LOG.warning("residual above 5%%, consider recollecting samples away from metal")
    LOG.info("wrote %s", args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
