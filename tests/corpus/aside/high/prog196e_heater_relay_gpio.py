#!/usr/bin/env python3
"""Heater relay switch for the barrel sauna.

Drives the relay board on the club's Raspberry Pi through the sysfs GPIO
interface: one line per heater stage, plus the light and the fan.
"""
import argparse
import logging
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("relay")

SYSFS = Path("/sys") / "class" / "gpio"


@dataclass(frozen=True)
class Line:
    name: str
    pin: int
    active_low: bool = True


LINES = {
    "stage1": Line("stage1", 17),
    "stage2": Line("stage2", 27),
    "stage3": Line("stage3", 22),
    "light": Line("light", 23, active_low=False),
    "fan": Line("fan", 24),
}


class Gpio:
    def __init__(self, root: Path = SYSFS):
        self.root = root

    def _write(self, rel: str, value: str):
        target = self.root / rel
        log.debug("write %s <- %s", target, value)
        with open(target, "w") as fh:
            fh.write(value)

    def export(self, line: Line):
        if not (self.root / f"gpio{line.pin}").exists():
            self._write("export", str(line.pin))
            time.sleep(0.1)
        self._write(f"gpio{line.pin}/direction", "out")
        self._write(f"gpio{line.pin}/active_low", "1" if line.active_low else "0")

    def set(self, line: Line, on: bool):
        self._write(f"gpio{line.pin}/value", "1" if on else "0")

    def release(self, line: Line):
        self._write("unexport", str(line.pin))


def apply(gpio: Gpio, names, on: bool):
    for name in names:
        line = LINES[name]
        gpio.export(line)
        gpio.set(line, on)
        log.info("%s -> %s", name, "on" if on else "off")


ACTIONS = {
    "on": lambda g, n: apply(g, n, True),
    "off": lambda g, n: apply(g, n, False),
    "release": lambda g, n: [g.release(LINES[x]) for x in n],
}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="barrel sauna relay control")
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("lines", nargs="*", default=["stage1", "stage2", "stage3"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    unknown = [n for n in args.lines if n not in LINES]
    if unknown:
        log.error("unknown lines: %s", ", ".join(unknown))
        return 2
    try:
        ACTIONS[args.action](Gpio(), args.lines)
    except PermissionError as exc:
        log.error("no access to GPIO (%s); run on the relay Pi as root", exc)
        return 1
    except OSError as exc:
        log.error("GPIO error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
