#!/usr/bin/env python3
"""Bilge pump monitor for moored narrowboats.

Boats laid up over winter at the marina each have a float switch on the
bilge pump wired to a GPIO pin on the pontoon monitor. A pump that cycles
more than a handful of times an hour means a leaking stern gland or a
weed-hatch seal gone, and somebody needs to walk down the pontoon. The
monitor counts cycles per boat, sounds the office speaker and keeps its
counters across restarts.
"""
import argparse
import json
import logging
import pickle
import shutil
import subprocess
import time
from collections import deque
from pathlib import Path

log = logging.getLogger("bilge-monitor")

GPIO_ROOT = Path("/sys/class/gpio")
STATE_PATH = Path("bilge_state.pkl")


def load_boats(path):
    """boats.json: {"Kingfisher": 17, "Dabchick": 27, ...} name -> GPIO line."""
    with open(path) as fh:
        return {name: int(pin) for name, pin in json.load(fh).items()}


def read_pin(pin):
    try:
        return (GPIO_ROOT / f"gpio{pin}" / "value").read_text().strip() == "1"
    except OSError:
        return False


class CycleCounter:
    def __init__(self, window_s):
        self.window = window_s
        self.events = deque()
        self.last = False

    def update(self, state, now):
        if state and not self.last:
            self.events.append(now)
        self.last = state
        while self.events and now - self.events[0] > self.window:
            self.events.popleft()
        return len(self.events)


def load_state(boats, window):
    counters = {}
    if STATE_PATH.exists():
        try:
            with STATE_PATH.open("rb") as fh:
                counters = pickle.load(fh)
        except (OSError, pickle.UnpicklingError, EOFError) as exc:
            log.warning("state file unreadable, starting fresh: %s", exc)
    for b in boats:
        counters.setdefault(b, CycleCounter(window))
    return counters


def save_state(counters):
    tmp = STATE_PATH.with_suffix(".tmp")
    with tmp.open("wb") as fh:
        pickle.dump(counters, fh)
    tmp.replace(STATE_PATH)


def sound_alarm(boat, cycles, window):
    text = f"Bilge pump on {boat} has cycled {cycles} times in {window // 60} minutes"
    speaker = shutil.which("espeak-ng") or shutil.which("espeak")
    if speaker:
        subprocess.run([speaker, "-s", "140", text], check=False)
    notifier = shutil.which("notify-send")
    if notifier:
        subprocess.run([notifier, "-u", "critical", "Bilge pump", text], check=False)


def main():
    ap = argparse.ArgumentParser(description="Bilge pump cycle monitor")
    ap.add_argument("--boats", default="boats.json")
    ap.add_argument("--threshold", type=int, default=6)
    ap.add_argument("--window", type=int, default=3600)
    ap.add_argument("--poll", type=float, default=1.0)
    ap.add_argument("--save-every", type=int, default=60)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    boats = load_boats(args.boats)
    counters = load_state(boats, args.window)
    alerted = {}
    last_save = time.time()
    log.info("watching %d boats", len(boats))
    try:
        while True:
            now = time.time()
            for boat, pin in boats.items():
                cycles = counters[boat].update(read_pin(pin), now)
                if cycles >= args.threshold and now - alerted.get(boat, 0) > args.window:
                    sound_alarm(boat, cycles, args.window)
                    alerted[boat] = now
                    log.warning("%s: %d cycles", boat, cycles)
            if now - last_save > args.save_every:
                save_state(counters)
                last_save = now
            time.sleep(args.poll)
    except KeyboardInterrupt:
        save_state(counters)
        log.info("state saved, exiting")


if __name__ == "__main__":
    main()
