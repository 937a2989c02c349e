#!/usr/bin/env python3
"""Flue pipe scaling sheet generator.

Given a rank's reference diameter at 8' C and a halving ratio, produce the
speaking length, diameter, mouth width and cut-up for every note, and write
the sheet as CSV for the pipe shop.
"""
import argparse
import csv
import logging
import math
import sys
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("pipe-scaling")

NOTE_NAMES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
SPEED_OF_SOUND = 343.0  # m/s at 20 °C


@dataclass
class PipeRow:
    note: str
    freq_hz: float
    length_mm: float
    diameter_mm: float
    mouth_mm: float
    cutup_mm: float


def halving_factory(kind: str):
    """Return a function giving the diameter ratio for n semitones up."""
    def by_halving(step):
        return lambda n: 0.5 ** (n / step)

    def toepfer(n):
        return (1 / math.sqrt(8)) ** (n / 12)

    table = {"16": by_halving(16), "17": by_halving(17), "18": by_halving(18), "toepfer": toepfer}
    if kind not in table:
        raise ValueError(f"unknown halving {kind!r}; choose from {', '.join(table)}")
    return table[kind]


def note_name(midi: int) -> str:
    return f"{NOTE_NAMES[midi % 12]}{midi // 12 - 1}"


def build_rank(base_midi, count, base_diam, halving, mouth_frac, cutup_ratio, pitch):
    rows = []
    for i in range(count):
        midi = base_midi + i
        freq = pitch * 2 ** ((midi - 69) / 12)
        diam = base_diam * halving(i)
        # open flue: L ≈ λ/2 minus end correction of ~0.3 d at each end
        length = (SPEED_OF_SOUND / (2 * freq)) * 1000 - 0.6 * diam
        mouth = math.pi * diam * mouth_frac
        rows.append(PipeRow(note_name(midi), round(freq, 2), round(length, 1),
                            round(diam, 1), round(mouth, 1), round(mouth * cutup_ratio, 1)))
    return rows


def write_csv(rows, dest: Path):
    with dest.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(asdict(rows[0])))
        writer.writeheader()
        for r in rows:
            writer.writerow(asdict(r))


def main():
    ap = argparse.ArgumentParser(description="Generate a flue pipe scaling sheet")
    ap.add_argument("--rank", default="Principal 8")
    ap.add_argument("--base-midi", type=int, default=36, help="lowest note (36 = C2, 8' C)")
    ap.add_argument("--notes", type=int, default=56)
    ap.add_argument("--diameter", type=float, default=155.0, help="diameter of lowest pipe in mm")
    ap.add_argument("--halving", default="toepfer")
    ap.add_argument("--mouth", type=float, default=0.25, help="mouth width as fraction of circumference")
    ap.add_argument("--cutup", type=float, default=0.28, help="cut-up as fraction of mouth width")
    ap.add_argument("--pitch", type=float, default=440.0)
    ap.add_argument("-o", "--out", type=Path)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        halving = halving_factory(args.halving)
    except ValueError as exc:
        log.error("%s", exc)
        return 2
    rows = build_rank(args.base_midi, args.notes, args.diameter, halving,
                      args.mouth, args.cutup, args.pitch)
    too_short = [r.note for r in rows if r.length_mm <= 0]
    if too_short:
        log.warning("non-physical lengths for %s", ", ".join(too_short))

    out = args.out or Path(args.rank.lower().replace(" ", "_") + "_scale.csv")
    write_csv(rows, out)
    log.info("%s: %d pipes written to %s", args.rank, len(rows), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
