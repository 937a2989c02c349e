#!/usr/bin/env python3
"""Paint estimator for narrowboat repaints.

Reads a boat spec (length, cabin height, panel layout) and works out litres
of primer, undercoat and gloss per colour, plus lining tape and a rough
day count for the job.
"""
import argparse
import csv
import importlib
import json
import logging
import math
import sys
from dataclasses import dataclass, asdict
from pathlib import Path

LOG = logging.getLogger("estimator")

COVERAGE_M2_PER_L = {"primer": 10.0, "undercoat": 12.0, "gloss": 14.0, "varnish": 16.0}
COATS = {"primer": 1, "undercoat": 2, "gloss": 3, "varnish": 2}


@dataclass
class Boat:
    name: str
    length_m: float
    cabin_height_m: float
    cabin_fraction: float = 0.7
    hull_colour: str = "black"
    cabin_colour: str = "brunswick green"
    roof_colour: str = "oxide red"


def areas(boat):
    cabin_len = boat.length_m * boat.cabin_fraction
    beam = 2.08
    return {
        boat.cabin_colour: 2 * cabin_len * boat.cabin_height_m,
        boat.roof_colour: cabin_len * (beam - 0.3),
        boat.hull_colour: 2 * boat.length_m * 0.55,
    }


def litres(area, system):
    return math.ceil(area * COATS[system] / COVERAGE_M2_PER_L[system] * 10) / 10


def estimate(boat):
    rows = []
    for colour, area in areas(boat).items():
        for system in ("primer", "undercoat", "gloss"):
            rows.append({"colour": colour, "system": system,
                         "area_m2": round(area, 2), "litres": litres(area, system)})
    lining_m = 2 * boat.length_m * boat.cabin_fraction * 3
    days = math.ceil(sum(COATS.values()) * 0.75 + boat.length_m / 10)
    return {"boat": asdict(boat), "paint": rows,
            "lining_tape_m": round(lining_m, 1), "days": days}


def write_json(result, path):
    Path(path).write_text(json.dumps(result, indent=2))


def write_csv(result, path):
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["colour", "system", "area_m2", "litres"])
        w.writeheader()
        w.writerows(result["paint"])


WRITERS = {"json": write_json, "csv": write_csv}


def load_boat(path):
    loader = getattr(importlib.import_module("json"), "loads")
    data = loader(Path(path).read_text())
    return Boat(**data)


def main(argv=None):
    p = argparse.ArgumentParser(description="Estimate paint for a narrowboat")
    p.add_argument("spec", help="boat spec JSON file")
    p.add_argument("--format", choices=sorted(WRITERS), default="json")
    p.add_argument("--out", help="output file (default: <boat>_estimate.<fmt>)")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        boat = load_boat(args.spec)
    except (OSError, ValueError, TypeError) as exc:
        LOG.error("bad spec %s: %s", args.spec, exc)
        return 1
    result = estimate(boat)
    out = args.out or f"{boat.name.replace(' ', '_').lower()}_estimate.{args.format}"
    WRITERS[args.format](result, out)
    total = sum(r["litres"] for r in result["paint"])
    LOG.info("%s: %.1f L of paint, %s m lining, about %d days -> %s",
             boat.name, total, result["lining_tape_m"], result["days"], out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
