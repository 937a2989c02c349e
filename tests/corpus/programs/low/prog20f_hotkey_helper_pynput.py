#!/usr/bin/env python3
"""Local keyboard shortcut helper.

Registers a few global hotkeys with pynput and reacts to them locally:
a stopwatch, a counter and a quit key.  Only the registered combinations
are handled; no other key presses are recorded, stored or sent anywhere.
"""
import argparse
import logging
import sys
import threading
import time

from pynput import keyboard

log = logging.getLogger("hotkeys")


class Stopwatch:
    def __init__(self):
        self._started = None
        self._lock = threading.Lock()

    def toggle(self) -> str:
        with self._lock:
            if self._started is None:
                self._started = time.monotonic()
                return "stopwatch started"
            elapsed = time.monotonic() - self._started
            self._started = None
            return f"stopwatch stopped at {elapsed:.1f}s"


class HotkeyHelper:
    def __init__(self, prefix: str):
        self.prefix = prefix
        self.stopwatch = Stopwatch()
        self.counter = 0
        self.done = threading.Event()
        self.listener = None

    def on_stopwatch(self):
        print(self.stopwatch.toggle(), flush=True)

    def on_count(self):
        self.counter += 1
        print(f"count = {self.counter}", flush=True)

    def on_reset(self):
        self.counter = 0
        print("count reset", flush=True)

    def on_quit(self):
        print("quitting hotkey helper", flush=True)
        self.done.set()
        if self.listener is not None:
            self.listener.stop()

    def bindings(self) -> dict:
        p = self.prefix
        return {
            f"{p}+s": self.on_stopwatch,
            f"{p}+c": self.on_count,
            f"{p}+r": self.on_reset,
            f"{p}+q": self.on_quit,
        }

    def run(self):
        binds = self.bindings()
        for combo in binds:
            log.info("registered %s", combo)
        self.listener = keyboard.GlobalHotKeys(binds)
        self.listener.start()
        try:
            while not self.done.wait(0.5):
                pass
        except KeyboardInterrupt:
            log.info("interrupted")
        finally:
            self.listener.stop()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Local hotkey stopwatch and counter")
    ap.add_argument("--prefix", default="<ctrl>+<alt>",
                    help="modifier prefix for all hotkeys (pynput syntax)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    helper = HotkeyHelper(args.prefix)
    print("hotkeys: {0}+s stopwatch, {0}+c count, {0}+r reset, {0}+q quit"
          .format(args.prefix))
    try:
        helper.run()
    except ValueError as exc:
        log.error("invalid hotkey prefix: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
