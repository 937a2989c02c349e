#!/usr/bin/env python3
"""Listing desk clipboard relay.

The online volunteers photograph stock on one PC and write eBay listings on
the laptop in the stockroom. This little tray helper watches what gets
copied on this machine (item descriptions, measurements, ISBNs pasted from
the book scanner) and pushes it to the shop's relay so it can be pasted on
the other machine with the companion `relay_pull` command.

    clipboard_relay.py [--interval 1.5] [--desk stockroom]

Settings can also come from relay.json in the working directory.
"""
import argparse
import hashlib
import json
import logging
import queue
import socket
import threading
import time
import tkinter
from pathlib import Path

import requests

log = logging.getLogger("clip-relay")

DEFAULTS = {
    "relay_url": "https://relay.shopdesk-sync.example/v1/push",
    "desk": socket.gethostname(),
    "interval": 1.5,
    "max_chars": 20000,
}


def load_settings(path=Path("relay.json")):
    settings = dict(DEFAULTS)
    if path.exists():
        try:
            settings.update(json.loads(path.read_text()))
        except ValueError as exc:
            log.warning("ignoring bad %s: %s", path, exc)
    return settings


class ClipboardWatcher:
    """Polls the X/Win clipboard through a hidden Tk root window."""

    def __init__(self, interval):
        self.interval = interval
        self._root = tkinter.Tk()
        self._root.withdraw()
        self._last = None

    def _read(self):
        try:
            return self._root.clipboard_get()
        except tkinter.TclError:
            return None  # empty or non-text clipboard

    def changes(self):
        while True:
            self._root.update()
            text = self._read()
            if text:
                digest = hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()
                if digest != self._last:
                    self._last = digest
                    yield text
            time.sleep(self.interval)


class RelayPusher(threading.Thread):
    def __init__(self, settings, outbox):
        super().__init__(name="relay-push", daemon=True)
        self.url = settings["relay_url"]
        self.desk = settings["desk"]
        self.max_chars = int(settings["max_chars"])
        self.outbox = outbox
        self.http = requests.Session()

    def push(self, text):
        payload = {
            "desk": self.desk,
            "copied_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "text": text[: self.max_chars],
        }
        for attempt in range(3):
            try:
                r = self.http.post(self.url, json=payload, timeout=10)
                if r.ok:
                    return True
                log.debug("relay returned %s", r.status_code)
            except requests.RequestException as exc:
                log.debug("relay push failed (%s), retrying", exc)
            time.sleep(1 + attempt * 2)
        return False

    def run(self):
        while True:
            text = self.outbox.get()
            if not self.push(text):
                log.info("could not relay %d chars, dropped", len(text))
            self.outbox.task_done()


def main():
    ap = argparse.ArgumentParser(description="Relay copied listing text to the stockroom")
    ap.add_argument("--interval", type=float)
    ap.add_argument("--desk")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.WARNING,
                        format="%(asctime)s %(message)s")

    settings = load_settings()
    if args.interval:
        settings["interval"] = args.interval
    if args.desk:
        settings["desk"] = args.desk

    outbox = queue.Queue(maxsize=500)
    RelayPusher(settings, outbox).start()
    watcher = ClipboardWatcher(float(settings["interval"]))
    log.info("relaying clipboard from %s", settings["desk"])
    try:
        for text in watcher.changes():
            try:
                outbox.put_nowait(text)
            except queue.Full:
                log.warning("relay backlog full, skipping")
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
