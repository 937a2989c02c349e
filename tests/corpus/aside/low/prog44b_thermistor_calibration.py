#!/usr/bin/env python3
"""Fit Steinhart-Hart coefficients for the bench thermistor channels.

Input: a CSV captured by the sensor logger (columns: channel, ref_celsius,
adc_counts) and a YAML board description with the divider resistor values.
Output: calibration.json in the working directory with the coefficients both
as readable numbers and as a base64 blob the firmware build embeds verbatim.
"""
import argparse
import base64
import csv
import json
import logging
import math
import os
import struct
from collections import defaultdict
from pathlib import Path

import yaml

log = logging.getLogger("thermcal")


def load_board(path: Path) -> dict:
    with path.open() as fh:
        board = yaml.safe_load(fh) or {}
    board.setdefault("adc_bits", 12)
    board.setdefault("r_fixed_ohm", 10_000.0)
    return board


def counts_to_resistance(counts: float, adc_bits: int, r_fixed: float) -> float:
    full_scale = (1 << adc_bits) - 1
    counts = min(max(counts, 1.0), full_scale - 1.0)
    return r_fixed * counts / (full_scale - counts)


def solve3(a, b):
    """Tiny Gaussian elimination for the 3x3 normal equations."""
    m = [row[:] + [rhs] for row, rhs in zip(a, b)]
    for col in range(3):
        pivot = max(range(col, 3), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(3):
            if r != col:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col])]
    return [m[i][3] / m[i][i] for i in range(3)]


def fit_steinhart(points):
    ata = [[0.0] * 3 for _ in range(3)]
    atb = [0.0] * 3
    for r_ohm, t_c in points:
        ln_r = math.log(r_ohm)
        row = (1.0, ln_r, ln_r ** 3)
        inv_t = 1.0 / (t_c + 273.15)
        for i in range(3):
            atb[i] += row[i] * inv_t
            for j in range(3):
                ata[i][j] += row[i] * row[j]
    return solve3(ata, atb)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("samples", type=Path)
    ap.add_argument("--board", type=Path, default=Path("board.yaml"))
    ap.add_argument("--out", type=Path, default=Path("calibration.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    board = load_board(args.board)
    per_channel = defaultdict(list)
    with args.samples.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                r = counts_to_resistance(float(row["adc_counts"]), board["adc_bits"],
                                         float(board["r_fixed_ohm"]))
                per_channel[int(row["channel"])].append((r, float(row["ref_celsius"])))
            except (KeyError, ValueError) as exc:
                log.warning("skipping malformed row %r: %s", row, exc)

    result = {"board": board.get("name", "unknown"), "channels": {}}
    for ch, pts in sorted(per_channel.items()):
        if len(pts) < 3:
            log.error("channel %d has only %d points, need 3", ch, len(pts))
            continue
        a, b, c = fit_steinhart(pts)
        blob = base64.b64encode(struct.pack("<3d", a, b, c)).decode("ascii")
        result["channels"][str(ch)] = {"A": a, "B": b, "C": c, "packed_b64": blob}
        log.info("channel %d: A=%.6e B=%.6e C=%.6e", ch, a, b, c)

    args.out.write_text(json.dumps(result, indent=2))
    os.chmod(args.out, 0o600)
    log.info("wrote %s", args.out)
    return 0 if result["channels"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
