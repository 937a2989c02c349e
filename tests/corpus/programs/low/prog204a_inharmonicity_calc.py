#!/usr/bin/env python3
"""Compute a per-note offset table (cents) for a harpsichord from a chosen
historical temperament, a reference pitch and measured inharmonicity."""
import argparse
import csv
import logging
import math
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("inharm")

NOTES = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "G#", "A", "Bb", "B"]
PC = 23.46  # Pythagorean comma in cents
SC = 21.51  # syntonic comma in cents


def _from_fifths(tempers):
    """Build offsets from equal temperament given how much each fifth
    C-G, G-D, ... is narrowed (fractions of the Pythagorean comma)."""
    circle = [0, 7, 2, 9, 4, 11, 6, 1, 8, 3, 10, 5]
    pos = {0: 0.0}
    acc = 0.0
    for i, frac in enumerate(tempers[:11]):
        acc += 1.955 - frac * PC  # pure fifth is 1.955 c wider than equal
        pos[circle[i + 1]] = acc
    mean = sum(pos.values()) / 12
    return [round(pos[k] - mean, 2) for k in range(12)]


TEMPERAMENTS = {
    "equal": lambda: [0.0] * 12,
    "vallotti": lambda: _from_fifths([1 / 6] * 5 + [0] * 5 + [1 / 6]),
    "werckmeister3": lambda: _from_fifths([1 / 4, 1 / 4, 1 / 4, 0, 0, 1 / 4] + [0] * 5),
    "meantone": lambda: _from_fifths([SC / 4 / PC] * 11),
}


@dataclass
class Instrument:
    a_ref: float = 415.0
    b_low: float = 0.00002   # inharmonicity coefficient at the bass end
    b_high: float = 0.0004   # at the treble end
    low_octave: int = 1
    high_octave: int = 6


def inharmonic_shift(n_partial: int, b: float) -> float:
    """Cents by which partial n sits above n*f0 for coefficient b."""
    return 1200 * math.log2(math.sqrt(1 + b * n_partial ** 2))


def build_table(inst: Instrument, offsets):
    rows = []
    octaves = range(inst.low_octave, inst.high_octave + 1)
    span = max(1, len(octaves) * 12 - 1)
    for idx, (octave, k) in enumerate((o, k) for o in octaves for k in range(12)):
        b = inst.b_low * (inst.b_high / inst.b_low) ** (idx / span)
        stretch = inharmonic_shift(2, b) * (idx - span / 2) / span
        semis = (octave - 4) * 12 + (k - 9)
        freq = inst.a_ref * 2 ** ((semis + (offsets[k] + stretch) / 100) / 12)
        rows.append({"note": f"{NOTES[k]}{octave}", "temper_c": offsets[k],
                     "stretch_c": round(stretch, 2), "freq_hz": round(freq, 3)})
    return rows


def write_csv(rows, path: Path):
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-t", "--temperament", default="vallotti", choices=sorted(TEMPERAMENTS))
    ap.add_argument("-a", "--pitch", type=float, default=415.0)
    ap.add_argument("--b-low", type=float, default=0.00002)
    ap.add_argument("--b-high", type=float, default=0.0004)
    ap.add_argument("-o", "--output", type=Path, default=Path("offsets.csv"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not 380 <= args.pitch <= 480:
        log.error("pitch %.1f Hz looks wrong", args.pitch)
        return 1
    inst = Instrument(a_ref=args.pitch, b_low=args.b_low, b_high=args.b_high)
    offsets = TEMPERAMENTS[args.temperament]()
    rows = build_table(inst, offsets)
    write_csv(rows, args.output)
    log.info("%d notes written to %s (%s, a'=%.1f)", len(rows), args.output,
             args.temperament, args.pitch)
    return 0


if __name__ == "__main__":
    sys.exit(main())
