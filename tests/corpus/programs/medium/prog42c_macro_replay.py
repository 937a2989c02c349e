#!/usr/bin/env python3
"""Replay recorded input macros (*.macro files saved by our recorder GUI).

Each macro file is a serialized list of MacroStep objects. Steps are
replayed with pynput's controllers, honouring the recorded delays scaled
by --speed.
"""
import argparse
import logging
import pickle
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from pynput.keyboard import Controller as KeyController, Key, KeyCode
from pynput.mouse import Button, Controller as MouseController

log = logging.getLogger("macro-replay")
MACRO_DIR = Path("macros")


@dataclass
class MacroStep:
    kind: str                 # "key_down", "key_up", "move", "click", "scroll", "type"
    delay: float = 0.0
    payload: dict = field(default_factory=dict)


class _Unpickler(pickle.Unpickler):
    """Map the recorder's old module path onto this module."""

    def find_class(self, module, name):
        if module in ("recorder.model", "__main__") and name == "MacroStep":
            return MacroStep
        return super().find_class(module, name)


def load_macro(path: Path) -> list:
    with path.open("rb") as fh:
        steps = _Unpickler(fh).load()
    if not isinstance(steps, list):
        raise TypeError(f"{path}: expected a list of steps")
    return steps


def resolve_key(spec: str):
    if spec.startswith("Key."):
        return getattr(Key, spec[4:])
    if spec.startswith("vk:"):
        return KeyCode.from_vk(int(spec[3:]))
    return KeyCode.from_char(spec)


class Player:
    def __init__(self, speed: float = 1.0, dry: bool = False):
        self.kb = KeyController()
        self.mouse = MouseController()
        self.speed = max(speed, 0.05)
        self.dry = dry

    def step(self, s: MacroStep) -> None:
        time.sleep(s.delay / self.speed)
        p = s.payload
        if self.dry:
            log.info("%-8s %s", s.kind, p)
            return
        if s.kind == "key_down":
            self.kb.press(resolve_key(p["key"]))
        elif s.kind == "key_up":
            self.kb.release(resolve_key(p["key"]))
        elif s.kind == "type":
            self.kb.type(p["text"])
        elif s.kind == "move":
            self.mouse.position = (p["x"], p["y"])
        elif s.kind == "click":
            self.mouse.click(getattr(Button, p.get("button", "left")), p.get("count", 1))
        elif s.kind == "scroll":
            self.mouse.scroll(p.get("dx", 0), p.get("dy", 0))
        else:
            log.warning("unknown step kind %r", s.kind)

    def play(self, steps: list, repeat: int) -> None:
        for n in range(repeat):
            log.debug("pass %d/%d", n + 1, repeat)
            for s in steps:
                self.step(s)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("name", help="macro name (file in ./macros without .macro)")
    ap.add_argument("--speed", type=float, default=1.0)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--countdown", type=int, default=3)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    path = MACRO_DIR / f"{args.name}.macro"
    try:
        steps = load_macro(path)
    except (OSError, pickle.UnpicklingError, TypeError) as exc:
        log.error("cannot load %s: %s", path, exc)
        return 1
    for i in range(args.countdown, 0, -1):
        log.info("starting in %d...", i)
        time.sleep(1)
    try:
        Player(args.speed, args.dry_run).play(steps, args.repeat)
    except KeyboardInterrupt:
        log.info("aborted")
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
