#!/usr/bin/env python3
"""Kennel run door controller for the Raspberry Pi in the dog block.

Each outdoor run has a guillotine door on a 12V actuator driven through a
relay board. During cleaning the doors are closed so the dogs stay outside
while the inside runs are hosed down, then opened again. Pin mapping lives in
doors.json:

    {"chip": "gpiochip0", "active_low": true, "doors": {"run1": 17, "run2": 27}}

Lines are driven with the libgpiod command-line tools (gpioset), which work
for any user in the gpio group.

usage: kennel_door_gpioset.py open|close|pulse [run ...] [--all]
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
import time

LOG = logging.getLogger("kennel_doors")


class RelayLine:
    """A single relay channel driven through libgpiod's gpioset."""

    def __init__(self, chip, offset, active_low=True):
        self.chip = chip
        self.offset = offset
        self.active_low = active_low

    def set(self, energised):
        level = int(energised) ^ int(self.active_low)
        cmd = ["gpioset", "--mode=exit", self.chip, f"{self.offset}={level}"]
        result = subprocess.run(cmd, capture_output=True, text=True, timeout=5)
        if result.returncode != 0:
            raise RuntimeError(f"gpioset failed on line {self.offset}: {result.stderr.strip()}")


def load_doors(path):
    with open(path, encoding="utf-8") as fh:
        cfg = json.load(fh)
    return (cfg.get("chip", "gpiochip0"), cfg.get("active_low", True),
            {k: int(v) for k, v in cfg["doors"].items()})


def select(doors, names, all_doors):
    if all_doors:
        return doors
    unknown = [n for n in names if n not in doors]
    if unknown:
        raise KeyError(f"unknown door(s): {', '.join(unknown)}")
    return {n: doors[n] for n in names}


def drive(lines, energised, settle):
    for name, line in lines.items():
        line.set(energised)
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

    if shutil.which("gpioset") is None:
        LOG.error("gpioset not found - install the gpiod package")
        return 1
    try:
        chip, active_low, doors = load_doors(args.config)
        chosen = select(doors, args.runs, args.all)
    except (OSError, KeyError, ValueError) as exc:
        LOG.error("%s", exc)
        return 2
    if not chosen:
        LOG.error("no doors selected; name runs or pass --all")
        return 2

    lines = {name: RelayLine(chip, num, active_low) for name, num in chosen.items()}
    try:
        if args.action == "close":
            drive(lines, True, args.settle)
        elif args.action == "open":
            drive(lines, False, args.settle)
        else:
            drive(lines, True, args.settle)
            time.sleep(args.pulse_seconds)
            drive(lines, False, args.settle)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
