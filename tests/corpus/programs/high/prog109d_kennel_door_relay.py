#!/usr/bin/env python3
"""Kennel run door controller for the Raspberry Pi in the dog block.

Each outdoor run has a guillotine door on a 12V actuator driven through a
relay board. During cleaning the doors are closed so the dogs stay outside
while the inside runs are hosed down, then opened again. Pin mapping lives in
doors.json:

    {"active_low": true, "doors": {"run1": 17, "run2": 27, "run3": 22}}

usage: kennel_door_relay.py open|close|pulse [run ...] [--all]
"""
import argparse
import json
import logging
import sys
import time
from pathlib import Path

LOG = logging.getLogger("kennel_doors")
GPIO_ROOT = Path("/sys/class/gpio")


class RelayPin:
    """A single relay channel exposed through the sysfs GPIO interface."""

    def __init__(self, number, active_low=True):
        self.number = number
        self.active_low = active_low
        self.node = GPIO_ROOT / f"gpio{number}"

    def _write(self, path, value):
        with open(path, "w") as fh:
            fh.write(str(value))

    def setup(self):
        if not self.node.exists():
            self._write(GPIO_ROOT / "export", self.number)
            for _ in range(20):            # udev needs a moment to create the node
                if (self.node / "direction").exists():
                    break
                time.sleep(0.05)
        self._write(self.node / "direction", "out")

    def set(self, energised):
        level = int(energised) ^ int(self.active_low)
        self._write(self.node / "value", level)

    def release(self):
        try:
            self._write(GPIO_ROOT / "unexport", self.number)
        except OSError:
            pass


def load_doors(path):
    with open(path, encoding="utf-8") as fh:
        cfg = json.load(fh)
    return cfg.get("active_low", True), {k: int(v) for k, v in cfg["doors"].items()}


def select(doors, names, all_doors):
    if all_doors:
        return doors
    unknown = [n for n in names if n not in doors]
    if unknown:
        raise KeyError(f"unknown door(s): {', '.join(unknown)}")
    return {n: doors[n] for n in names}


def drive(pins, energised, settle):
    for name, pin in pins.items():
        pin.set(energised)
        LOG.info("%s -> %s", name, "closing" if energised else "opening")
        time.sleep(settle)               # stagger so the PSU is not hit by every actuator at once


def main():
    parser = argparse.ArgumentParser(description="Open or close kennel run doors")
    parser.add_argument("action", choices=["open", "close", "pulse"])
    parser.add_argument("runs", nargs="*")
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--config", default="doors.json")
    parser.add_argument("--pulse-seconds", type=float, default=8.0)
    parser.add_argument("--settle", type=float, default=0.4)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        active_low, doors = load_doors(args.config)
        chosen = select(doors, args.runs, args.all)
    except (OSError, KeyError, ValueError) as exc:
        LOG.error("%s", exc)
        return 2
    if not chosen:
        LOG.error("no doors selected; name runs or pass --all")
        return 2

    pins = {name: RelayPin(num, active_low) for name, num in chosen.items()}
    try:
        for pin in pins.values():
            pin.setup()
        if args.action == "close":
            drive(pins, True, args.settle)
        elif args.action == "open":
            drive(pins, False, args.settle)
        else:
            drive(pins, True, args.settle)
            time.sleep(args.pulse_seconds)
            drive(pins, False, args.settle)
    except PermissionError:
        LOG.error("no access to %s - is this user in the gpio group?", GPIO_ROOT)
        return 1
    finally:
        if args.action == "pulse":
            for pin in pins.values():
                pin.release()
    return 0


if __name__ == "__main__":
    sys.exit(main())
