#!/usr/bin/env python3
"""Standard and maximum course time calculator for agility classes.

Reads the measured course lengths (CSV: class_name, discipline, grade,
length_m) and writes the SCT/MCT table the judge signs before walking.
"""
import argparse
import csv
import decimal
import json
import logging
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("sct")

# metres per second by discipline and grade band
SPEEDS = {
    "agility": {"low": 3.0, "mid": 3.5, "high": 4.0},
    "jumping": {"low": 3.5, "mid": 4.0, "high": 4.5},
}
BANDS = {1: "low", 2: "low", 3: "mid", 4: "mid", 5: "high", 6: "high", 7: "high"}
MCT_FACTOR = decimal.Decimal("1.5")


@dataclass
class CourseTime:
    class_name: str
    discipline: str
    grade: int
    length_m: float
    speed: float
    sct: int
    mct: int


def rounder(mode):
    name = {"up": "ROUND_CEILING", "nearest": "ROUND_HALF_UP"}[mode]
    rounding = getattr(decimal, name)
    return lambda value: int(decimal.Decimal(value).quantize(decimal.Decimal(1), rounding))


def calculate(row, round_fn):
    discipline = row["discipline"].strip().lower()
    grade = int(row["grade"])
    length = float(row["length_m"])
    speed = SPEEDS[discipline][BANDS[grade]]
    sct = round_fn(str(length / speed))
    mct = round_fn(str(decimal.Decimal(sct) * MCT_FACTOR))
    return CourseTime(row["class_name"].strip(), discipline, grade, length, speed, sct, mct)


def write_csv(times, out):
    with open(out, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(asdict(times[0]).keys()))
        writer.writeheader()
        for t in times:
            writer.writerow(asdict(t))


def write_json(times, out):
    Path(out).write_text(json.dumps([asdict(t) for t in times], indent=2))


def write_text(times, out):
    lines = ["%-30s %-8s G%d %6.1fm  SCT %3ds  MCT %3ds"
             % (t.class_name, t.discipline, t.grade, t.length_m, t.sct, t.mct) for t in times]
    Path(out).write_text("\n".join(lines) + "\n")


WRITERS = {"csv": write_csv, "json": write_json, "txt": write_text}


def main(argv=None):
    ap = argparse.ArgumentParser(description="SCT/MCT calculator")
    ap.add_argument("courses", help="CSV of measured courses")
    ap.add_argument("-o", "--output", default="course_times.csv")
    ap.add_argument("--format", choices=sorted(WRITERS), default="csv")
    ap.add_argument("--round", choices=("up", "nearest"), default="up")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    round_fn = rounder(args.round)
    times = []
    with open(args.courses, newline="", encoding="utf-8") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                times.append(calculate(row, round_fn))
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", lineno, exc)
    if not times:
        log.error("no usable course measurements")
        return 1
    WRITERS[args.format](times, args.output)
    log.info("wrote %d course times to %s", len(times), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
