#!/usr/bin/env python3
"""Least-squares harmonic analysis of a tide-gauge record.

Reads a CSV with columns `time` (ISO 8601, UTC) and `level` (metres), fits the
selected constituents and writes amplitudes and phases to a JSON file.
"""
import argparse
import csv
import json
import logging
import math
from datetime import datetime, timezone
from pathlib import Path

import numpy as np

log = logging.getLogger("harmonics")

# angular speeds in degrees per hour
SPEEDS = {
    "M2": 28.9841042, "S2": 30.0000000, "N2": 28.4397295, "K2": 30.0821373,
    "K1": 15.0410686, "O1": 13.9430356, "P1": 14.9589314, "M4": 57.9682084,
}

PRESETS = {
    "semidiurnal": ["M2", "S2", "N2", "K2"],
    "mixed": ["M2", "S2", "N2", "K1", "O1", "P1"],
    "full": list(SPEEDS),
}


def read_record(path: Path):
    times, levels = [], []
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                t = datetime.fromisoformat(row["time"].replace("Z", "+00:00"))
                levels.append(float(row["level"]))
                times.append(t.astimezone(timezone.utc).timestamp() / 3600.0)
            except (KeyError, ValueError):
                continue
    if len(times) < 24:
        raise ValueError(f"only {len(times)} usable samples in {path}")
    return np.asarray(times), np.asarray(levels)


def design_matrix(hours: np.ndarray, names):
    cols = [np.ones_like(hours)]
    for name in names:
        omega = math.radians(SPEEDS[name])
        cols.extend([np.cos(omega * hours), np.sin(omega * hours)])
    return np.column_stack(cols)


def fit(hours, levels, names):
    t0 = hours[0]
    A = design_matrix(hours - t0, names)
    coef, *_ = np.linalg.lstsq(A, levels, rcond=None)
    residual = levels - A @ coef
    result = {"mean_level": float(coef[0]), "rms_residual": float(np.sqrt(np.mean(residual ** 2)))}
    for i, name in enumerate(names):
        a, b = coef[1 + 2 * i], coef[2 + 2 * i]
        result[name] = {
            "amplitude": float(math.hypot(a, b)),
            "phase_deg": float(math.degrees(math.atan2(b, a)) % 360.0),
        }
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("record", type=Path)
    ap.add_argument("--preset", choices=sorted(PRESETS), default="mixed")
    ap.add_argument("--out", type=Path, default=Path("harmonics.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        hours, levels = read_record(args.record)
    except (OSError, ValueError) as exc:
        log.error("%s", exc)
        return 1
    span_days = (hours[-1] - hours[0]) / 24.0
    names = PRESETS[args.preset]
    if span_days < 15 and "S2" in names:
        log.warning("record spans %.1f days; M2/S2 separation will be poor", span_days)
    result = fit(hours, levels, names)
    args.out.write_text(json.dumps(result, indent=2))
    log.info("fitted %d constituents over %.1f days, rms residual %.3f m",
             len(names), span_days, result["rms_residual"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
