#!/usr/bin/env python3
"""Tension table for a harp stringing chart.

Designed to sit in a shell pipeline, for example:

    cut -d, -f1-4 chart.csv | HARP_PITCH_A4=442 python3 prog210e_harp_tension_table.py

Input lines: note,length_mm,diameter_mm,material.  Writes tension_table.csv
in the working directory and a tension_summary.env file that later shell
steps can `source` to pick up the totals.
"""
import argparse
import csv
import logging
import math
import os
import sys

LOG = logging.getLogger("tension")

DENSITY = {"nylon": 1140.0, "gut": 1300.0, "fluorocarbon": 1780.0}
NOTE_INDEX = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}


class StringSpec:
    def __init__(self, note, length_mm, diameter_mm, material):
        self.note = note
        self.length = length_mm / 1000.0
        self.diameter = diameter_mm / 1000.0
        self.material = material.lower()

    def frequency(self, a4):
        letter, octave = self.note[0].upper(), int(self.note[-1])
        semis = NOTE_INDEX[letter] + (octave - 4) * 12
        if "#" in self.note:
            semis += 1
        elif len(self.note) == 3 and self.note[1] == "b":
            semis -= 1
        return a4 * 2 ** (semis / 12.0)

    def tension_kg(self, a4):
        density = DENSITY[self.material]
        mu = density * math.pi * (self.diameter / 2) ** 2
        freq = self.frequency(a4)
        return (2 * self.length * freq) ** 2 * mu / 9.81


def parse_lines(stream):
    for lineno, line in enumerate(stream, 1):
        line = line.strip()
        if not line or line.startswith("#") or line.lower().startswith("note"):
            continue
        parts = [p.strip() for p in line.split(",")]
        try:
            yield StringSpec(parts[0], float(parts[1]), float(parts[2]), parts[3])
        except (IndexError, ValueError) as exc:
            LOG.warning("line %d ignored: %s", lineno, exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="tension_table.csv")
    ap.add_argument("--env-out", default="tension_summary.env")
    args = ap.parse_args()
    logging.basicConfig(level=os.environ.get("HARP_LOG", "INFO"),
                        format="%(levelname)s %(message)s")

    a4 = float(os.environ.get("HARP_PITCH_A4", "440"))
    rows, total = [], 0.0
    for spec in parse_lines(sys.stdin):
        try:
            t = spec.tension_kg(a4)
        except KeyError:
            LOG.warning("unknown note or material for %s", spec.note)
            continue
        total += t
        rows.append((spec.note, f"{spec.frequency(a4):.2f}", f"{t:.2f}"))

    if not rows:
        LOG.error("no strings read from stdin")
        return 1

    with open(args.out, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["note", "hz", "tension_kg"])
        writer.writerows(rows)

    heaviest = max(rows, key=lambda r: float(r[2]))
    with open(args.env_out, "w") as fh:
        fh.write(f"HARP_STRING_COUNT={len(rows)}\n")
        fh.write(f"HARP_TOTAL_TENSION_KG={total:.1f}\n")
        fh.write(f"HARP_HEAVIEST_NOTE={heaviest[0]}\n")
    LOG.info("%d strings, total %.1f kg at A4=%.0f Hz", len(rows), total, a4)
    return 0


if __name__ == "__main__":
    sys.exit(main())
