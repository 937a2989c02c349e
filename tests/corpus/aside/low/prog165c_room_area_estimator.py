#!/usr/bin/env python3
"""Estimate carpet, underlay and gripper for a job from a room list.

Input CSV columns: room, width_m, length_m, stairs (optional count).
Results are cached in .estimate_cache/ keyed by the input contents so a
repeated run on the same sheet is instant; --clean removes that cache.
"""
import argparse
import csv
import hashlib
import json
import logging
import math
import shutil
from pathlib import Path

log = logging.getLogger("estimate")

CACHE_DIR = Path(".estimate_cache")
ROLL_WIDTHS = (4.0, 5.0)
STAIR_M_PER_STEP = 0.9
WASTE = 0.08


def cache_key(path):
    return hashlib.md5(Path(path).read_bytes()).hexdigest()


def read_rooms(path):
    rooms = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            rooms.append({
                "room": row["room"],
                "width": float(row["width_m"]),
                "length": float(row["length_m"]),
                "stairs": int(row.get("stairs") or 0),
            })
    return rooms


def best_cut(width, length):
    options = []
    for roll in ROLL_WIDTHS:
        for w, l in ((width, length), (length, width)):
            strips = math.ceil(w / roll)
            cut_len = strips * (l + 0.1)
            options.append((cut_len * roll, roll, round(cut_len, 2)))
    area, roll, cut_len = min(options)
    return {"roll_width": roll, "cut_length": cut_len, "carpet_m2": round(area, 2)}


def estimate(rooms):
    result = {"rooms": [], "carpet_m2": 0.0, "underlay_m2": 0.0, "gripper_m": 0.0}
    for r in rooms:
        cut = best_cut(r["width"], r["length"])
        floor = r["width"] * r["length"]
        stairs = r["stairs"] * STAIR_M_PER_STEP
        entry = dict(room=r["room"], floor_m2=round(floor, 2), **cut)
        entry["carpet_m2"] = round(entry["carpet_m2"] + stairs, 2)
        result["rooms"].append(entry)
        result["carpet_m2"] += entry["carpet_m2"]
        result["underlay_m2"] += floor * (1 + WASTE)
        result["gripper_m"] += 2 * (r["width"] + r["length"])
    for k in ("carpet_m2", "underlay_m2", "gripper_m"):
        result[k] = round(result[k], 2)
    return result


def cached_estimate(path):
    CACHE_DIR.mkdir(exist_ok=True)
    entry = CACHE_DIR / (cache_key(path) + ".json")
    if entry.exists():
        log.info("using cached estimate")
        return json.loads(entry.read_text())
    result = estimate(read_rooms(path))
    entry.write_text(json.dumps(result))
    return result


def print_report(result):
    for r in result["rooms"]:
        print("{:<16} floor {:>6.2f} m2  roll {:.0f} m x {:>5.2f} m  carpet {:>6.2f} m2".format(
            r["room"], r["floor_m2"], r["roll_width"], r["cut_length"], r["carpet_m2"]))
    print("-" * 72)
    print("carpet {:.2f} m2, underlay {:.2f} m2, gripper {:.1f} m".format(
        result["carpet_m2"], result["underlay_m2"], result["gripper_m"]))


def main():
    parser = argparse.ArgumentParser(description="Carpet job estimator")
    parser.add_argument("rooms", nargs="?", help="room list CSV")
    parser.add_argument("--clean", action="store_true", help="remove the local cache")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean:
        shutil.rmtree(CACHE_DIR, ignore_errors=True)
        log.info("cache removed")
    if args.rooms:
        print_report(cached_estimate(args.rooms))
    elif not args.clean:
        parser.error("give a room list CSV")


if __name__ == "__main__":
    main()
