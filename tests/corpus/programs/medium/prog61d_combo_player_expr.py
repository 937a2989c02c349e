#!/usr/bin/env python3
"""Replay an input combo (JSON) with pyautogui, with screen-relative math.

Coordinates may be expressions evaluated against the current screen size,
e.g. {"op": "move", "x": "W/2 + 40", "y": "H*0.75"}.
"""
import argparse
import json
import logging
import sys
import time
from dataclasses import dataclass, field

import pyautogui as pag

log = logging.getLogger("combo")


@dataclass
class Step:
    op: str
    args: dict = field(default_factory=dict)

    @classmethod
    def parse(cls, raw: dict) -> "Step":
        raw = dict(raw)
        return cls(raw.pop("op"), raw)


class ComboPlayer:
    def __init__(self, steps, speed=1.0, dry_run=False):
        self.steps = steps
        self.speed = speed
        self.dry_run = dry_run
        w, h = pag.size()
        self.env = {"W": w, "H": h, "min": min, "max": max, "round": round}
        self.handlers = {
            "move": self._move,
            "click": self._click,
            "keys": self._keys,
            "type": self._type,
            "wait": self._wait,
        }

    def coord(self, value):
        if isinstance(value, (int, float)):
            return int(value)
        return int(eval(str(value), {"__builtins__": {}}, dict(self.env)))

    def _move(self, x, y, dur=0.1):
        pag.moveTo(self.coord(x), self.coord(y), duration=float(dur) / self.speed)

    def _click(self, button="left", clicks=1):
        pag.click(button=button, clicks=int(clicks))

    def _keys(self, keys):
        pag.hotkey(*keys)

    def _type(self, text, interval=0.02):
        pag.write(text, interval=float(interval) / self.speed)

    def _wait(self, secs):
        time.sleep(float(secs) / self.speed)

    def run(self, loops=1):
        for n in range(loops):
            log.info("loop %d/%d", n + 1, loops)
            for i, step in enumerate(self.steps):
                handler = self.handlers.get(step.op)
                if handler is None:
                    log.warning("step %d: unknown op %r, skipped", i, step.op)
                    continue
                log.debug("step %d: %s %s", i, step.op, step.args)
                if not self.dry_run:
                    handler(**step.args)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("combo", help="combo JSON file in the working directory")
    ap.add_argument("--loops", type=int, default=1)
    ap.add_argument("--speed", type=float, default=1.0)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG, format="%(asctime)s %(message)s")

    try:
        with open(args.combo, encoding="utf-8") as fh:
            steps = [Step.parse(s) for s in json.load(fh)]
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot load combo: %s", exc)
        sys.exit(2)

    pag.FAILSAFE = True
    pag.PAUSE = 0.03
    time.sleep(3)
    try:
        ComboPlayer(steps, args.speed, args.dry_run).run(args.loops)
    except pag.FailSafeException:
        log.warning("aborted by failsafe")


if __name__ == "__main__":
    main()
