#!/usr/bin/env python3
"""Replay a recorded input combo (JSON) with pyautogui.

The combo file is a list of steps such as
  {"op": "move", "x": 400, "y": 300, "dur": 0.2}
  {"op": "click", "button": "left", "clicks": 2}
  {"op": "keys", "keys": ["ctrl", "s"]}
  {"op": "type", "text": "gg", "interval": 0.05}
  {"op": "wait", "secs": 1.5}
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
        self.handlers = {
            "move": self._move,
            "click": self._click,
            "keys": self._keys,
            "type": self._type,
            "wait": self._wait,
        }

    def _move(self, x, y, dur=0.1):
        pag.moveTo(int(x), int(y), duration=float(dur) / self.speed)

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
    ap.add_argument("--countdown", type=int, default=3)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG, format="%(asctime)s %(message)s")

    try:
        with open(args.combo, encoding="utf-8") as fh:
            steps = [Step.parse(s) for s in json.load(fh)]
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot load combo: %s", exc)
        sys.exit(2)

    pag.FAILSAFE = True  # slam the mouse into a corner to abort
    pag.PAUSE = 0.03
    for remaining in range(args.countdown, 0, -1):
        log.info("starting in %d...", remaining)
        time.sleep(1)
    try:
        ComboPlayer(steps, args.speed, args.dry_run).run(args.loops)
    except pag.FailSafeException:
        log.warning("aborted by failsafe")


if __name__ == "__main__":
    main()
