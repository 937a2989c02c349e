#!/usr/bin/env python3
"""Letter spacing calculator for incised inscriptions.

Given the text of each line and the viewing distance, suggests cap height,
stroke width and letter spacing, and checks each line fits the stone.
"""
import argparse
import csv
import importlib
import logging
import sys
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("spacing")

# relative widths of Roman capitals (O = 1.0), after the classical proportions
WIDTHS = {**{c: 1.0 for c in "CDGHOQ"}, **{c: 0.5 for c in "BEFKLPRSJ"},
          **{c: 0.75 for c in "ANTUVXYZ"}, "M": 1.1, "W": 1.3, "I": 0.2, " ": 0.6}


@dataclass
class LineLayout:
    text: str
    cap_mm: float
    stroke_mm: float
    spacing_mm: float
    length_mm: float
    fits: bool


def cap_for_distance(distance_m: float) -> float:
    # roughly 1 mm of cap height per 250 mm of viewing distance, minimum 20 mm
    return max(20.0, round(distance_m * 1000 / 250, 1))


STYLES = {
    "roman": lambda cap: (cap / 9.0, cap * 0.18),
    "sans": lambda cap: (cap / 8.0, cap * 0.15),
    "italic": lambda cap: (cap / 10.0, cap * 0.12),
}


def lay_line(text: str, cap: float, style: str, usable_mm: float) -> LineLayout:
    stroke, spacing = STYLES[style](cap)
    letters = text.upper()
    widths = sum(WIDTHS.get(ch, 0.8) for ch in letters) * cap
    length = widths + spacing * max(0, len(letters) - 1)
    return LineLayout(text, round(cap, 1), round(stroke, 2), round(spacing, 2),
                      round(length, 1), length <= usable_mm)


def write_report(rows, out: Path, fmt: str) -> None:
    writers = {"csv": "csv", "json": "json"}
    mod = importlib.import_module(writers[fmt])
    with out.open("w", newline="") as fh:
        if fmt == "csv":
            w = mod.DictWriter(fh, fieldnames=list(asdict(rows[0]).keys()))
            w.writeheader()
            w.writerows(asdict(r) for r in rows)
        else:
            mod.dump([asdict(r) for r in rows], fh, indent=2)


def main() -> int:
    ap = argparse.ArgumentParser(description="Suggest letter sizes and spacing")
    ap.add_argument("textfile", type=Path, help="one inscription line per text line")
    ap.add_argument("--width", type=float, default=600, help="stone width in mm")
    ap.add_argument("--margin", type=float, default=50)
    ap.add_argument("--distance", type=float, default=3.0, help="viewing distance in metres")
    ap.add_argument("--style", choices=sorted(STYLES), default="roman")
    ap.add_argument("--format", choices=["csv", "json"], default="csv")
    ap.add_argument("--out", type=Path, default=Path("spacing_report.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        lines = [ln.strip() for ln in args.textfile.read_text(encoding="utf-8").splitlines() if ln.strip()]
    except OSError as exc:
        log.error("cannot read %s: %s", args.textfile, exc)
        return 2
    if not lines:
        log.error("no inscription text found")
        return 2

    usable = args.width - 2 * args.margin
    cap = cap_for_distance(args.distance)
    rows = []
    for text in lines:
        layout = lay_line(text, cap, args.style, usable)
        while not layout.fits and layout.cap_mm > 15:
            layout = lay_line(text, layout.cap_mm - 2, args.style, usable)
        rows.append(layout)
        flag = "ok" if layout.fits else "TOO LONG"
        log.info("%-40s cap %5.1f mm  length %6.1f mm  %s", text, layout.cap_mm, layout.length_mm, flag)

    write_report(rows, args.out, args.format)
    log.info("report written to %s", args.out)
    return 0 if all(r.fits for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
