#!/usr/bin/env python3
"""Rank scaling table.

Computes pipe diameters and mouth widths for a flue rank from a reference
diameter and a halving interval, writes them to CSV and produces a small
gnuplot helper script the restorer can run to compare against measurements.
"""
import argparse
import csv
import logging
import math
import os
import sys

LOG = logging.getLogger("rank-scaling")
NOTE_NAMES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]

PLOT_TEMPLATE = """#!/bin/bash
# Compare computed scaling with measured diameters.
# usage: bash {script} [measured.csv]
CALC="${{CALC:-{csv}}}"
MEAS="${{1:-measured.csv}}"
gnuplot -persist <<GP
set datafile separator ","
set logscale y
set xlabel "note index"
set ylabel "diameter (mm)"
plot "$CALC" using 1:3 with lines title "{rank} computed", \\
     "$MEAS" using 1:3 with points title "measured"
GP
"""


def note_name(index, octave_start=2):
    return f"{NOTE_NAMES[index % 12]}{octave_start + index // 12}"


def scale(ref_diameter, halving, notes, mouth_ratio):
    rows = []
    for i in range(notes):
        d = ref_diameter * math.pow(2.0, -i / halving)
        mouth = d * math.pi * mouth_ratio
        rows.append((i, note_name(i), round(d, 2), round(mouth, 2)))
    return rows


def write_csv(rows, path):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        for row in rows:
            w.writerow(row)
    LOG.info("wrote %d notes to %s", len(rows), path)


def write_plot_helper(path, csv_path, rank):
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(PLOT_TEMPLATE.format(script=os.path.basename(path), csv=csv_path, rank=rank))
    LOG.info("plot helper written to %s (run it with bash)", path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rank", help="rank name, e.g. Principal8")
    ap.add_argument("--ref", type=float,
                    default=float(os.environ.get("SCALE_REF_MM", "155.5")),
                    help="diameter of the lowest pipe in mm")
    ap.add_argument("--halving", type=float,
                    default=float(os.environ.get("SCALE_HALVING", "16")),
                    help="semitones per halving of diameter")
    ap.add_argument("--notes", type=int, default=56)
    ap.add_argument("--mouth", type=float, default=0.25, help="mouth width / circumference")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")
    if args.ref <= 0 or args.halving <= 0 or not 1 <= args.notes <= 88:
        LOG.error("reference, halving and note count must be sensible positive values")
        return 2
    rows = scale(args.ref, args.halving, args.notes, args.mouth)
    base = args.rank.lower().replace(" ", "_")
    csv_path = f"{base}_scaling.csv"
    try:
        write_csv(rows, csv_path)
        write_plot_helper(f"plot_{base}.sh", csv_path, args.rank)
    except OSError as exc:
        LOG.error("cannot write output: %s", exc)
        return 1
    for idx, name, d, m in rows[::12]:
        print(f"{name:<4} diameter {d:7.2f} mm  mouth {m:6.2f} mm")
    return 0


if __name__ == "__main__":
    sys.exit(main())
