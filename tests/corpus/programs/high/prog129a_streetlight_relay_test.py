#!/usr/bin/env python3
"""Bench test for the parish-owned streetlight photocell/relay units.

Before a replacement controller goes back up a column, the lengthsman
plugs it into the test rig on the office Raspberry Pi.  Each relay channel
is switched on and off a few times through the GPIO lines and the
feedback line is read back to confirm the contactor actually closed.
Results are appended to relay_tests.csv.

Pin map (BCM numbering) comes from rig.json, e.g.
    {"channels": {"A": {"drive": 17, "sense": 27}, "B": {"drive": 22, "sense": 23}}}
"""
import argparse
import csv
import json
import logging
import time
from datetime import datetime
from pathlib import Path

log = logging.getLogger("relay_test")

GPIO_ROOT = Path("/sys/class/gpio")
DEFAULT_RIG = {"channels": {"A": {"drive": 17, "sense": 27}}}


class SysfsPin:
    """Minimal sysfs GPIO wrapper (the rig Pi runs an old image without gpiod)."""

    def __init__(self, number, direction):
        self.number = number
        self.path = GPIO_ROOT / f"gpio{number}"
        if not self.path.exists():
            (GPIO_ROOT / "export").write_text(str(number))
            for _ in range(20):  # udev takes a moment to create the node
                if (self.path / "direction").exists():
                    break
                time.sleep(0.05)
        (self.path / "direction").write_text(direction)

    def write(self, value):
        (self.path / "value").write_text("1" if value else "0")

    def read(self):
        return (self.path / "value").read_text().strip() == "1"

    def release(self):
        try:
            (GPIO_ROOT / "unexport").write_text(str(self.number))
        except OSError as exc:
            log.debug("unexport gpio%d: %s", self.number, exc)


def test_channel(name, pins, cycles, settle):
    drive = SysfsPin(pins["drive"], "out")
    sense = SysfsPin(pins["sense"], "in")
    failures = []
    try:
        for cycle in range(1, cycles + 1):
            drive.write(True)
            time.sleep(settle)
            if not sense.read():
                failures.append(f"cycle {cycle}: did not close")
            drive.write(False)
            time.sleep(settle)
            if sense.read():
                failures.append(f"cycle {cycle}: did not open")
    finally:
        drive.write(False)
        drive.release()
        sense.release()
    result = "pass" if not failures else "fail"
    log.info("channel %s: %s %s", name, result, "; ".join(failures))
    return result, failures


def record(path, unit, channel, result, failures):
    new = not path.exists()
    with path.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["when", "unit", "channel", "result", "notes"])
        w.writerow([datetime.now().isoformat(timespec="seconds"), unit, channel,
                    result, "; ".join(failures)])


def main():
    ap = argparse.ArgumentParser(description="Bench test streetlight relay units")
    ap.add_argument("unit", help="serial number on the controller label")
    ap.add_argument("--rig", type=Path, default=Path("rig.json"))
    ap.add_argument("--cycles", type=int, default=5)
    ap.add_argument("--settle", type=float, default=0.4, help="seconds to wait after switching")
    ap.add_argument("--results", type=Path, default=Path("relay_tests.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rig = json.loads(args.rig.read_text()) if args.rig.exists() else DEFAULT_RIG
    overall = "pass"
    for name, pins in rig["channels"].items():
        try:
            result, failures = test_channel(name, pins, args.cycles, args.settle)
        except PermissionError:
            log.error("no access to %s - add this user to the gpio group", GPIO_ROOT)
            return 2
        except OSError as exc:
            result, failures = "error", [str(exc)]
        record(args.results, args.unit, name, result, failures)
        if result != "pass":
            overall = "fail"
    print(f"Unit {args.unit}: {overall.upper()}")
    return 0 if overall == "pass" else 1


if __name__ == "__main__":
    raise SystemExit(main())
