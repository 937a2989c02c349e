#!/usr/bin/env python3
"""Work out pitch, line capacity and carriage travel for typewriters on the bench."""
import argparse
import csv
import logging
import math
import sys
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("pitch")

PITCHES = {"pica": 10.0, "elite": 12.0, "micro": 15.0, "proportional": None}
MM_PER_INCH = 25.4


@dataclass
class Machine:
    name: str
    typeface: str
    platen_diameter_mm: float
    paper_width_mm: float
    margin_mm: float = 20.0

    @property
    def cpi(self):
        return PITCHES.get(self.typeface.lower())

    def line_capacity(self):
        if self.cpi is None:
            return None
        usable = max(self.paper_width_mm - 2 * self.margin_mm, 0)
        return math.floor(usable / MM_PER_INCH * self.cpi)

    def escapement_mm(self):
        return None if self.cpi is None else MM_PER_INCH / self.cpi

    def platen_circumference_mm(self):
        return math.pi * self.platen_diameter_mm

    def lines_per_turn(self, lpi=6):
        return self.platen_circumference_mm() / MM_PER_INCH * lpi


def load(path):
    machines = []
    with open(path, newline="") as fh:
        for i, row in enumerate(csv.DictReader(fh), start=2):
            try:
                machines.append(Machine(
                    name=row["name"],
                    typeface=row.get("typeface", "pica"),
                    platen_diameter_mm=float(row["platen_diameter_mm"]),
                    paper_width_mm=float(row.get("paper_width_mm") or 210),
                    margin_mm=float(row.get("margin_mm") or 20),
                ))
            except (KeyError, ValueError) as exc:
                log.warning("row %d ignored: %s", i, exc)
    return machines


def summarise(m):
    out = asdict(m)
    out.update(
        cpi=m.cpi or "var",
        chars_per_line=m.line_capacity() or "var",
        escapement_mm=round(m.escapement_mm(), 3) if m.escapement_mm() else "var",
        platen_circ_mm=round(m.platen_circumference_mm(), 1),
        lines_per_turn=round(m.lines_per_turn(), 1),
    )
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("machines", type=Path, help="CSV with name, typeface, platen_diameter_mm ...")
    ap.add_argument("-o", "--output", type=Path, default=Path("pitch_report.csv"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)

    if not args.machines.is_file():
        log.error("input not found: %s", args.machines)
        return 1
    rows = [summarise(m) for m in load(args.machines)]
    if not rows:
        log.error("nothing to report")
        return 1
    with open(args.output, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    for r in rows:
        print(f"{r['name']:<22} {r['cpi']!s:>4} cpi  {r['chars_per_line']!s:>4} chars/line  "
              f"{r['lines_per_turn']:>5} lines/turn")
    log.info("wrote %s", args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
