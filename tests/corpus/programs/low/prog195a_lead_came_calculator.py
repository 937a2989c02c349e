#!/usr/bin/env python3
"""Estimate lead came, solder joints and cement for a window panel.

Input is the JSON export from the cartoon tracing tool: a list of lead lines
(polylines in millimetres) tagged with came profile.  Output is a cutting
list per profile, with waste allowance, plus joint and cement estimates.
"""
import argparse
import importlib
import json
import logging
import math
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("came-calc")

STOCK_LENGTH_MM = int(os.environ.get("CAME_STOCK_MM", "1800"))
WASTE = float(os.environ.get("CAME_WASTE", "0.12"))


@dataclass
class Profile:
    name: str
    width_mm: float
    grams_per_m: float


PROFILES = {
    "H6": Profile("H 6mm round", 6, 210),
    "H8": Profile("H 8mm flat", 8, 290),
    "H10": Profile("H 10mm flat", 10, 360),
    "U6": Profile("U 6mm border", 6, 170),
}


@dataclass
class Leadline:
    profile: str
    points: list = field(default_factory=list)

    def length(self):
        return sum(math.dist(a, b) for a, b in zip(self.points, self.points[1:]))


def parse_panel(path: Path):
    data = json.loads(path.read_text())
    lines = [Leadline(d.get("profile", "H8"), [tuple(p) for p in d["points"]]) for d in data["leadlines"]]
    return data.get("panel", path.stem), lines


def cutting_list(lines):
    totals = Counter()
    for ln in lines:
        totals[ln.profile] += ln.length()
    out = {}
    for code, mm in totals.items():
        prof = PROFILES.get(code)
        if prof is None:
            log.warning("unknown came profile %s", code)
            continue
        with_waste = mm * (1 + WASTE)
        out[code] = {
            "profile": prof.name,
            "net_m": round(mm / 1000, 2),
            "stock_lengths": math.ceil(with_waste / STOCK_LENGTH_MM),
            "weight_kg": round(with_waste / 1000 * prof.grams_per_m / 1000, 2),
        }
    return out


def joint_count(lines):
    ends = Counter()
    for ln in lines:
        if ln.points:
            ends[tuple(round(c) for c in ln.points[0])] += 1
            ends[tuple(round(c) for c in ln.points[-1])] += 1
    return sum(1 for n in ends.values() if n >= 2)


def cement_estimate(lines):
    total_m = sum(ln.length() for ln in lines) / 1000
    return round(total_m * 0.045, 2)  # kg of leaded-light cement per metre


def emit_text(report):
    print(f"Panel: {report['panel']}")
    for code, row in sorted(report["cutting"].items()):
        print(f"  {code:<4} {row['profile']:<14} {row['net_m']:>6} m  "
              f"{row['stock_lengths']:>3} x {STOCK_LENGTH_MM}mm  {row['weight_kg']} kg")
    print(f"  joints to solder: {report['joints']}")
    print(f"  cement: {report['cement_kg']} kg")


def emit_json(report):
    print(json.dumps(report, indent=2))


def emit_csv(report):
    csv = importlib.import_module("csv")
    sys = importlib.import_module("sys")
    w = csv.writer(sys.stdout)
    w.writerow(["code", "profile", "net_m", "stock_lengths", "weight_kg"])
    for code, row in sorted(report["cutting"].items()):
        w.writerow([code, row["profile"], row["net_m"], row["stock_lengths"], row["weight_kg"]])


EMITTERS = {"text": emit_text, "json": emit_json, "csv": emit_csv}


def main():
    ap = argparse.ArgumentParser(description="Lead came cutting list for a panel")
    ap.add_argument("panel_json", type=Path)
    ap.add_argument("--format", choices=sorted(EMITTERS), default="text")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    name, lines = parse_panel(args.panel_json)
    report = {
        "panel": name,
        "cutting": cutting_list(lines),
        "joints": joint_count(lines),
        "cement_kg": cement_estimate(lines),
    }
    EMITTERS[args.format](report)


if __name__ == "__main__":
    main()
