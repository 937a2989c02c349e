#!/usr/bin/env python3
"""Drive turnout servos and frog-polarity relays from a Raspberry Pi.

Each turnout on the module has an SG90-style servo on a hardware PWM channel
and, for live-frog points, a relay on a GPIO line that switches the frog
polarity once the blades have moved.  The mapping lives in turnouts.json:

    {"T1": {"pwm": 0, "closed_us": 1300, "thrown_us": 1700, "frog_gpio": 17},
     "T2": {"pwm": 1, "closed_us": 1250, "thrown_us": 1650}}

Usage:  turnout_servo_driver.py throw T1   |   close T2   |   reset
"""
import argparse
import json
import logging
import sys
import time
from pathlib import Path

log = logging.getLogger("turnouts")
PWM_CHIP = Path("/sys/class/pwm/pwmchip0")
GPIO_ROOT = Path("/sys/class/gpio")
PERIOD_NS = 20_000_000          # 50 Hz servo frame
STEP_US = 20                    # slow-motion step size
STEP_DELAY = 0.015


def _write(path, value):
    log.debug("%s <- %s", path, value)
    with open(path, "w") as fh:
        fh.write(str(value))


class PwmChannel:
    def __init__(self, index):
        self.index = index
        self.dir = PWM_CHIP / f"pwm{index}"

    def setup(self):
        if not self.dir.exists():
            _write(PWM_CHIP / "export", self.index)
            for _ in range(50):            # udev needs a moment to create the node
                if (self.dir / "period").exists():
                    break
                time.sleep(0.02)
        _write(self.dir / "period", PERIOD_NS)

    def pulse_us(self, us):
        _write(self.dir / "duty_cycle", int(us * 1000))

    def enable(self, on=True):
        _write(self.dir / "enable", 1 if on else 0)

    def current_us(self):
        try:
            return int((self.dir / "duty_cycle").read_text()) // 1000
        except (OSError, ValueError):
            return None


class FrogRelay:
    def __init__(self, line):
        self.line = line
        self.dir = GPIO_ROOT / f"gpio{line}"

    def set(self, thrown):
        if not self.dir.exists():
            _write(GPIO_ROOT / "export", self.line)
            time.sleep(0.05)
            _write(self.dir / "direction", "out")
        _write(self.dir / "value", 1 if thrown else 0)


def move(cfg, thrown):
    ch = PwmChannel(cfg["pwm"])
    ch.setup()
    target = cfg["thrown_us"] if thrown else cfg["closed_us"]
    start = ch.current_us() or cfg["closed_us"]
    ch.enable(True)
    step = STEP_US if target > start else -STEP_US
    for us in range(start, target, step):
        ch.pulse_us(us)
        time.sleep(STEP_DELAY)
    ch.pulse_us(target)
    time.sleep(0.2)
    ch.enable(False)                   # stop the servo buzzing against the stop
    if "frog_gpio" in cfg:
        FrogRelay(cfg["frog_gpio"]).set(thrown)


def main(argv=None):
    ap = argparse.ArgumentParser(description="turnout servo driver")
    ap.add_argument("action", choices=["throw", "close", "reset"])
    ap.add_argument("turnout", nargs="?")
    ap.add_argument("--map", default="turnouts.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        mapping = json.loads(Path(args.map).read_text())
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.map, exc)
        return 2
    if not PWM_CHIP.exists():
        log.error("%s missing - add dtoverlay=pwm-2chan to config.txt", PWM_CHIP)
        return 2
    try:
        if args.action == "reset":
            for name, cfg in sorted(mapping.items()):
                log.info("closing %s", name)
                move(cfg, thrown=False)
        else:
            if args.turnout not in mapping:
                log.error("unknown turnout %r", args.turnout)
                return 2
            move(mapping[args.turnout], thrown=args.action == "throw")
            log.info("%s %s", args.turnout, "thrown" if args.action == "throw" else "closed")
    except PermissionError as exc:
        log.error("no access to sysfs (%s); add the user to the gpio group", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
