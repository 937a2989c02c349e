#!/usr/bin/env python3
"""Work out carpet, underlay, gripper and door bars for a job from the
room measurements taken on survey.

Input is a JSON file written by the survey app, one entry per room:

    {"job": "J24-0211", "rooms": [
        {"name": "Lounge", "length": 5.42, "width": 3.87, "doors": [0.76],
         "bay": {"depth": 0.6, "width": 2.1}},
        {"name": "Hall", "length": 4.10, "width": 1.05, "doors": [0.76, 0.76, 0.82]}
    ]}

Carpet is cut from 4 m or 5 m rolls; for each room we try both widths and
both orientations and take the one with the least waste.
"""
import argparse
import csv
import json
import logging
import math
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("roomcalc")

ROLL_WIDTHS = (4.0, 5.0)
TRIM_ALLOWANCE = 0.10      # 10 cm each end for trimming in
GRIPPER_LENGTH = 1.52      # standard strip
UNDERLAY_ROLL_M2 = 15.0


@dataclass
class Room:
    name: str
    length: float
    width: float
    doors: list = field(default_factory=list)
    bay: dict = None

    @property
    def floor_area(self):
        area = self.length * self.width
        if self.bay:
            area += self.bay.get("depth", 0) * self.bay.get("width", 0)
        return area

    @property
    def perimeter(self):
        p = 2 * (self.length + self.width)
        if self.bay:
            p += 2 * self.bay.get("depth", 0)
        return p - sum(self.doors)


@dataclass
class Cut:
    roll_width: float
    cut_length: float
    seams: int

    @property
    def area(self):
        return self.roll_width * self.cut_length


def best_cut(room):
    length = room.length + (room.bay or {}).get("depth", 0)
    options = []
    for roll in ROLL_WIDTHS:
        for run, across in ((length, room.width), (room.width, length)):
            drops = math.ceil(across / roll)
            cut_len = drops * (run + TRIM_ALLOWANCE)
            options.append(Cut(roll, round(cut_len, 2), drops - 1))
    # prefer no seams, then least carpet
    options.sort(key=lambda c: (c.seams, c.area))
    return options[0]


def summarise(rooms, price_m2, underlay_m2):
    lines = []
    totals = {"carpet_m2": 0.0, "underlay_m2": 0.0, "gripper": 0, "bars": 0}
    for room in rooms:
        cut = best_cut(room)
        strips = math.ceil(room.perimeter / GRIPPER_LENGTH)
        lines.append({
            "room": room.name,
            "floor_m2": round(room.floor_area, 2),
            "roll": f"{cut.roll_width:g}m",
            "cut_m": cut.cut_length,
            "carpet_m2": round(cut.area, 2),
            "waste_pct": round(100 * (1 - room.floor_area / cut.area), 1),
            "seams": cut.seams,
            "gripper_strips": strips,
            "door_bars": len(room.doors),
        })
        totals["carpet_m2"] += cut.area
        totals["underlay_m2"] += room.floor_area * 1.05
        totals["gripper"] += strips
        totals["bars"] += len(room.doors)
    totals["underlay_rolls"] = math.ceil(totals["underlay_m2"] / UNDERLAY_ROLL_M2)
    totals["carpet_cost"] = round(totals["carpet_m2"] * price_m2, 2)
    totals["underlay_cost"] = round(totals["underlay_m2"] * underlay_m2, 2)
    return lines, totals


def load_rooms(path):
    data = json.loads(path.read_text())
    rooms = []
    for r in data.get("rooms", []):
        try:
            rooms.append(Room(r["name"], float(r["length"]), float(r["width"]),
                              [float(d) for d in r.get("doors", [])], r.get("bay")))
        except (KeyError, TypeError, ValueError) as exc:
            log.warning("skipping room %r: %s", r.get("name"), exc)
    return data.get("job", path.stem), rooms


def print_table(lines, totals, job):
    print(f"\nJob {job}")
    print(f"{'Room':<14}{'Floor m2':>9}{'Roll':>6}{'Cut m':>7}{'Carpet m2':>10}{'Waste%':>8}{'Seams':>6}")
    for l in lines:
        print(f"{l['room']:<14}{l['floor_m2']:>9}{l['roll']:>6}{l['cut_m']:>7}"
              f"{l['carpet_m2']:>10}{l['waste_pct']:>8}{l['seams']:>6}")
    print(f"\nCarpet {totals['carpet_m2']:.2f} m2  £{totals['carpet_cost']:.2f}")
    print(f"Underlay {totals['underlay_rolls']} rolls  £{totals['underlay_cost']:.2f}")
    print(f"Gripper {totals['gripper']} strips, door bars {totals['bars']}")


def main():
    ap = argparse.ArgumentParser(description="Carpet quantities from survey measurements")
    ap.add_argument("survey", type=Path)
    ap.add_argument("--price", type=float, default=24.99, help="carpet £/m2")
    ap.add_argument("--underlay", type=float, default=6.50, help="underlay £/m2")
    ap.add_argument("--csv", type=Path, help="also write the room table here")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    try:
        job, rooms = load_rooms(args.survey)
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read survey: %s", exc)
        return 1
    if not rooms:
        log.error("no usable rooms in %s", args.survey)
        return 1

    lines, totals = summarise(rooms, args.price, args.underlay)
    print_table(lines, totals, job)
    if args.csv:
        with args.csv.open("w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=list(lines[0]))
            w.writeheader()
            w.writerows(lines)
        log.info("room table written to %s", args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
