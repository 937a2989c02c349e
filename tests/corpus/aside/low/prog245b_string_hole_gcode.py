#!/usr/bin/env python3
"""Generate drilling G-code for the string holes along a harp soundboard.

Reads a string schedule (CSV with note name, string number and the hole
position along the centre strip in millimetres) and writes a peck-drilling
program for the router.  Hole diameter steps up with string gauge groups.
"""

import argparse
import csv
import logging
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("string_holes")

# (lowest string number in group, drill diameter mm, tool number)
DRILL_GROUPS = [
    (1, 2.5, 3),
    (12, 3.0, 4),
    (24, 3.5, 5),
    (31, 4.0, 6),
]


@dataclass
class Hole:
    number: int
    note: str
    y_mm: float
    x_mm: float = 0.0

    def drill(self):
        chosen = DRILL_GROUPS[0]
        for group in DRILL_GROUPS:
            if self.number >= group[0]:
                chosen = group
        return chosen[1], chosen[2]


def read_schedule(path):
    holes = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                holes.append(Hole(int(row["string"]), row["note"].strip(),
                                  float(row["y_mm"]), float(row.get("x_mm") or 0)))
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %s: %s", row, exc)
    holes.sort(key=lambda h: h.number)
    return holes


def check_spacing(holes, min_gap):
    problems = 0
    for a, b in zip(holes, holes[1:]):
        gap = abs(b.y_mm - a.y_mm)
        if gap < min_gap:
            log.warning("strings %d and %d only %.1f mm apart", a.number, b.number, gap)
            problems += 1
    return problems


def emit(holes, depth, peck, safe_z, feed):
    out = ["%", "(harp soundboard string holes)", "G21 G90 G17 G94",
           f"G0 Z{safe_z:.2f}"]
    current_tool = None
    for h in holes:
        dia, tool = h.drill()
        if tool != current_tool:
            out += [f"(drill {dia} mm)", "M5", f"T{tool} M6",
                    "S8000 M3", f"G0 Z{safe_z:.2f}"]
            current_tool = tool
        out.append(f"(string {h.number} {h.note})")
        out.append(f"G83 X{h.x_mm:.3f} Y{h.y_mm:.3f} Z{-depth:.2f} "
                   f"R1.0 Q{peck:.2f} F{feed:.0f}")
    out += ["G80", f"G0 Z{safe_z:.2f}", "M5", "M30", "%"]
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("schedule", type=Path)
    ap.add_argument("-o", "--output", type=Path, default=Path("soundboard_holes.ngc"))
    ap.add_argument("--depth", type=float, default=4.5, help="board thickness + breakout")
    ap.add_argument("--peck", type=float, default=1.5)
    ap.add_argument("--safe-z", type=float, default=10.0)
    ap.add_argument("--feed", type=float, default=300.0)
    ap.add_argument("--min-gap", type=float, default=8.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        holes = read_schedule(args.schedule)
    except OSError as exc:
        log.error("cannot read %s: %s", args.schedule, exc)
        return 1
    if not holes:
        log.error("no holes in schedule")
        return 1

    if check_spacing(holes, args.min_gap):
        log.warning("spacing problems found, check the schedule before cutting")

    args.output.write_text(emit(holes, args.depth, args.peck, args.safe_z, args.feed))
    log.info("wrote %d holes to %s", len(holes), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
