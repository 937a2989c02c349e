#!/usr/bin/env python3
"""Record and replay simple keyboard/mouse macros.

`record NAME` captures events until F9 is pressed and stores them in
./macros/NAME.json; `play NAME` replays them with the original timing."""

import argparse
import json
import logging
import sys
import threading
import time
from pathlib import Path

from pynput import keyboard, mouse

log = logging.getLogger("macrorec")
MACRO_DIR = Path("macros")
STOP_KEY = keyboard.Key.f9


def key_to_str(key) -> str:
    if isinstance(key, keyboard.KeyCode) and key.char is not None:
        return key.char
    return f"Key.{key.name}" if hasattr(key, "name") else str(key)


def str_to_key(text: str):
    if text.startswith("Key."):
        return getattr(keyboard.Key, text[4:])
    return keyboard.KeyCode.from_char(text)


class MacroRecorder:
    def __init__(self, record_moves: bool = False):
        self.events = []
        self.record_moves = record_moves
        self._t0 = None
        self._done = threading.Event()

    def _stamp(self) -> float:
        return round(time.monotonic() - self._t0, 4)

    def on_press(self, key):
        if key == STOP_KEY:
            self._done.set()
            return False
        self.events.append({"t": self._stamp(), "type": "key_down", "key": key_to_str(key)})

    def on_release(self, key):
        if key == STOP_KEY:
            return False
        self.events.append({"t": self._stamp(), "type": "key_up", "key": key_to_str(key)})

    def on_click(self, x, y, button, pressed):
        self.events.append({"t": self._stamp(), "type": "click", "x": x, "y": y,
                            "button": button.name, "pressed": pressed})

    def on_move(self, x, y):
        if self.record_moves:
            self.events.append({"t": self._stamp(), "type": "move", "x": x, "y": y})

    def on_scroll(self, x, y, dx, dy):
        self.events.append({"t": self._stamp(), "type": "scroll", "x": x, "y": y,
                            "dx": dx, "dy": dy})

    def record(self):
        self._t0 = time.monotonic()
        log.info("recording - press F9 to stop")
        with mouse.Listener(on_click=self.on_click, on_move=self.on_move,
                            on_scroll=self.on_scroll) as ml, \
                keyboard.Listener(on_press=self.on_press, on_release=self.on_release) as kl:
            self._done.wait()
            kl.stop()
            ml.stop()
        log.info("captured %d events", len(self.events))
        return self.events


class MacroPlayer:
    def __init__(self, speed: float = 1.0):
        self.speed = speed
        self.kb = keyboard.Controller()
        self.ms = mouse.Controller()

    def play(self, events):
        start = time.monotonic()
        for ev in events:
            wait = ev["t"] / self.speed - (time.monotonic() - start)
            if wait > 0:
                time.sleep(wait)
            kind = ev["type"]
            if kind == "key_down":
                self.kb.press(str_to_key(ev["key"]))
            elif kind == "key_up":
                self.kb.release(str_to_key(ev["key"]))
            elif kind == "move":
                self.ms.position = (ev["x"], ev["y"])
            elif kind == "click":
                self.ms.position = (ev["x"], ev["y"])
                btn = getattr(mouse.Button, ev["button"])
                (self.ms.press if ev["pressed"] else self.ms.release)(btn)
            elif kind == "scroll":
                self.ms.position = (ev["x"], ev["y"])
                self.ms.scroll(ev["dx"], ev["dy"])


def macro_path(name: str) -> Path:
    safe = "".join(c for c in name if c.isalnum() or c in "-_")
    if not safe:
        raise ValueError("macro name must contain letters or digits")
    return MACRO_DIR / f"{safe}.json"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("name")
    rec.add_argument("--moves", action="store_true", help="also record pointer motion")
    ply = sub.add_parser("play")
    ply.add_argument("name")
    ply.add_argument("--speed", type=float, default=1.0)
    ply.add_argument("--repeat", type=int, default=1)
    sub.add_parser("list")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.cmd == "list":
        for p in sorted(MACRO_DIR.glob("*.json")):
            print(p.stem)
        return 0

    path = macro_path(args.name)
    if args.cmd == "record":
        events = MacroRecorder(record_moves=args.moves).record()
        MACRO_DIR.mkdir(exist_ok=True)
        path.write_text(json.dumps({"version": 1, "events": events}, indent=1))
        log.info("saved %s", path)
    else:
        if not path.exists():
            log.error("no macro %s", path)
            return 1
        events = json.loads(path.read_text())["events"]
        time.sleep(1.0)
        player = MacroPlayer(args.speed)
        for i in range(args.repeat):
            log.info("playing %s (%d/%d)", args.name, i + 1, args.repeat)
            player.play(events)
    return 0


if __name__ == "__main__":
    sys.exit(main())
