#!/usr/bin/env python3
"""Guided weighing of a soap batch on a USB-serial bench scale.

Walks through the oils, lye solution and additives of a recipe, tells the
maker what to add, reads the scale until the reading is stable and writes the
actual weights into a batch record CSV.  The tare offset and drift correction
found during calibration are kept between sessions.
"""
import argparse
import csv
import json
import logging
import pickle
import re
import statistics
import sys
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import serial

log = logging.getLogger("weigh")

READING = re.compile(r"(?P<state>ST|US),\s*(?:GS|NT),\s*(?P<val>[+-]?\s*\d+\.?\d*)\s*(?P<unit>g|kg)")
CAL_FILE = Path(".scale_calibration.pkl")


@dataclass
class Calibration:
    port: str
    offset_g: float = 0.0
    factor: float = 1.0
    history: list = field(default_factory=list)


def load_calibration(port):
    if CAL_FILE.exists():
        with CAL_FILE.open("rb") as fh:
            cal = pickle.load(fh)
        if cal.port == port:
            return cal
    return Calibration(port)


def save_calibration(cal):
    with CAL_FILE.open("wb") as fh:
        pickle.dump(cal, fh)


class Scale:
    def __init__(self, port, baud, cal):
        self.cal = cal
        self.ser = serial.Serial(port, baud, timeout=1)

    def readings(self):
        while True:
            line = self.ser.readline().decode("ascii", "replace").strip()
            m = READING.search(line)
            if not m:
                continue
            grams = float(m["val"].replace(" ", ""))
            if m["unit"] == "kg":
                grams *= 1000
            yield m["state"] == "ST", (grams - self.cal.offset_g) * self.cal.factor

    def stable(self, window=5, tolerance=0.3, timeout=120):
        recent, deadline = [], time.monotonic() + timeout
        for is_stable, g in self.readings():
            recent = (recent + [g])[-window:]
            if is_stable and len(recent) == window and max(recent) - min(recent) <= tolerance:
                return statistics.fmean(recent)
            if time.monotonic() > deadline:
                raise TimeoutError("scale did not settle")

    def tare(self):
        self.cal.offset_g = 0.0
        zero = self.stable()
        self.cal.offset_g = zero
        self.cal.history.append((datetime.now().isoformat(), zero))
        return zero


def weigh_recipe(scale, recipe, scale_to):
    factor = scale_to / recipe["oil_weight_g"]
    rows = []
    for step in recipe["steps"]:
        target = step["grams"] * factor
        input(f"Empty container on the scale, then Enter to tare ({step['name']}) ")
        scale.tare()
        print(f"  add {step['name']}: {target:.1f} g")
        actual = scale.stable(timeout=600)
        dev = (actual - target) / target * 100 if target else 0.0
        flag = "  <-- check" if abs(dev) > step.get("tolerance_pct", 2) else ""
        print(f"  got {actual:.1f} g ({dev:+.1f}%){flag}")
        rows.append({"ingredient": step["name"], "target_g": round(target, 1),
                     "actual_g": round(actual, 1), "deviation_pct": round(dev, 2)})
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("recipe", type=Path, help="recipe JSON (oil_weight_g, steps)")
    ap.add_argument("--port", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--oils", type=float, help="scale batch to this oil weight in g")
    ap.add_argument("--batch-id", default=datetime.now().strftime("B%y%m%d-%H%M"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    recipe = json.loads(args.recipe.read_text(encoding="utf-8"))
    cal = load_calibration(args.port)
    try:
        scale = Scale(args.port, args.baud, cal)
    except serial.SerialException as exc:
        log.error("cannot open scale on %s: %s", args.port, exc)
        return 1

    try:
        rows = weigh_recipe(scale, recipe, args.oils or recipe["oil_weight_g"])
    except (TimeoutError, KeyboardInterrupt) as exc:
        log.error("weighing aborted: %s", exc or "interrupted")
        return 1
    finally:
        save_calibration(cal)

    out = Path(f"batch_{args.batch_id}.csv")
    with out.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    log.info("batch record written to %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
