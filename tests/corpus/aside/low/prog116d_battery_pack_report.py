#!/usr/bin/env python3
"""E-bike / e-scooter battery pack report.

Reads the CSV exports produced by the workshop BMS reader (one row per
sample: pack serial, cycle count, pack temperature, per-cell voltages,
measured capacity), applies the vendor temperature calibration, and writes
a per-pack health report with state-of-health, cell imbalance and a
keep / recondition / replace recommendation.
"""
import argparse
import csv
import json
import logging
import statistics
import sys
from collections import defaultdict
from dataclasses import dataclass, field, asdict
from pathlib import Path

log = logging.getLogger("battery-health")

# Vendor calibration: linear cell-voltage correction per degree from 25 C.
CAL_REF_TEMP_C = 25.0
CAL_COEFF_PER_C = 0.0021

NOMINAL_AH = {"36V": 10.4, "48V": 13.0, "52V": 17.5}
CELL_MIN, CELL_MAX = 3.0, 4.2


def correct(cells, temp_c):
    k = 1.0 + CAL_COEFF_PER_C * (CAL_REF_TEMP_C - temp_c)
    return [round(v * k, 4) for v in cells]


@dataclass
class PackSummary:
    serial: str
    voltage_class: str
    samples: int = 0
    cycles: int = 0
    capacity_ah: list = field(default_factory=list)
    imbalance_mv: list = field(default_factory=list)
    low_cells: int = 0

    def soh(self):
        nominal = NOMINAL_AH.get(self.voltage_class)
        if not nominal or not self.capacity_ah:
            return None
        return round(100.0 * statistics.median(self.capacity_ah) / nominal, 1)

    def verdict(self):
        soh = self.soh()
        worst = max(self.imbalance_mv, default=0)
        if soh is None:
            return "unknown"
        if soh < 70 or self.low_cells > 2:
            return "replace"
        if soh < 82 or worst > 80:
            return "recondition"
        return "keep"


def read_samples(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            cells = [float(v) for k, v in sorted(row.items())
                     if k.startswith("cell_") and v]
            yield {
                "serial": row["pack_serial"].strip(),
                "class": row.get("voltage_class", "48V").strip(),
                "cycles": int(row.get("cycles") or 0),
                "temp_c": float(row.get("temp_c") or 25.0),
                "capacity_ah": float(row["capacity_ah"]) if row.get("capacity_ah") else None,
                "cells": cells,
            }


def summarise(paths, corrector):
    packs = {}
    for path in paths:
        try:
            for s in read_samples(path):
                p = packs.setdefault(s["serial"], PackSummary(s["serial"], s["class"]))
                p.samples += 1
                p.cycles = max(p.cycles, s["cycles"])
                if s["capacity_ah"]:
                    p.capacity_ah.append(s["capacity_ah"])
                if s["cells"]:
                    cells = corrector(s["cells"], s["temp_c"])
                    p.imbalance_mv.append(round((max(cells) - min(cells)) * 1000))
                    p.low_cells = max(p.low_cells, sum(1 for c in cells if c < CELL_MIN))
        except (KeyError, ValueError) as exc:
            log.warning("skipping %s: %s", path, exc)
    return packs


def render_text(packs, out):
    by_verdict = defaultdict(list)
    for p in packs.values():
        by_verdict[p.verdict()].append(p)
    for verdict in ("replace", "recondition", "keep", "unknown"):
        rows = by_verdict.get(verdict, [])
        if not rows:
            continue
        out.write(f"== {verdict.upper()} ({len(rows)}) ==\n")
        for p in sorted(rows, key=lambda x: x.soh() or 0):
            worst = max(p.imbalance_mv, default=0)
            out.write(f"  {p.serial:<14} {p.voltage_class:>4}  SoH {p.soh() or '-':>5}%  "
                      f"cycles {p.cycles:>4}  max imbalance {worst:>3} mV\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Battery pack health report")
    ap.add_argument("exports", nargs="+", help="BMS reader CSV exports")
    ap.add_argument("--json", metavar="FILE", help="also write a JSON report")
    ap.add_argument("--raw", action="store_true", help="skip temperature calibration")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    corrector = (lambda cells, _t: cells) if args.raw else correct
    paths = [p for p in args.exports if Path(p).is_file()]
    if not paths:
        log.error("no readable exports given")
        return 1
    packs = summarise(paths, corrector)
    log.info("%d packs from %d exports", len(packs), len(paths))
    render_text(packs, sys.stdout)
    if args.json:
        doc = {s: dict(asdict(p), soh=p.soh(), verdict=p.verdict()) for s, p in packs.items()}
        Path(args.json).write_text(json.dumps(doc, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
