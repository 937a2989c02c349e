#!/usr/bin/env python3
"""Book garments in and out by scanning their ticket barcode.

Our Honeywell scanners run in keyboard-wedge mode, so a scan arrives as a
line of text ending in Enter.  Leave this running in a terminal on the
counter PC and scan into it; each ticket moves to the next state in the
shop API:

    RECEIVED -> IN_WORK -> READY -> COLLECTED

Anything typed that is not a ticket number is ignored.  A small per-session
tally is written to scan_session.json on exit.
"""

import argparse
import json
import logging
import os
import queue
import re
import sys
import threading
import time
from pathlib import Path

import requests

log = logging.getLogger("intake")

SHOP_API = os.environ.get("SHOP_API_URL", "https://shop.hollistailoring.example.net/api")
TICKET_RE = re.compile(r"^(ALT|SHO|KEY)-\d{6}$")
SESSION_FILE = Path("scan_session.json")


class LineDecoder:
    """Accepts scanned lines and keeps a simple tally."""

    def __init__(self, on_scan):
        self.on_scan = on_scan
        self.tally = {"scanned": 0, "ignored": 0, "started": time.time()}
        self.lock = threading.Lock()

    def feed(self, line):
        code = line.strip().upper()
        with self.lock:
            if TICKET_RE.match(code):
                self.tally["scanned"] += 1
                self.on_scan(code)
            elif code:
                self.tally["ignored"] += 1
                log.debug("not a ticket: %r", code)

    def snapshot(self):
        with self.lock:
            return dict(self.tally)


class TicketMover:
    def __init__(self, api_key, station):
        self.s = requests.Session()
        self.s.headers["Authorization"] = f"Bearer {api_key}"
        self.station = station
        self.q = queue.Queue()

    def submit(self, code):
        self.q.put(code)

    def run(self):
        while True:
            code = self.q.get()
            try:
                r = self.s.post(f"{SHOP_API}/tickets/{code}/advance",
                                json={"station": self.station}, timeout=10)
                r.raise_for_status()
                log.info("%s -> %s", code, r.json().get("state"))
            except requests.RequestException as exc:
                log.warning("could not advance %s: %s", code, exc)
            finally:
                self.q.task_done()


def save_session(decoder, station):
    data = decoder.snapshot()
    data.update({"station": station, "ended": time.time()})
    SESSION_FILE.write_text(json.dumps(data, indent=2))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--station", default=os.environ.get("STATION", "counter-1"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("SHOP_API_KEY")
    if not api_key:
        log.error("SHOP_API_KEY not set")
        return 2

    mover = TicketMover(api_key, args.station)
    decoder = LineDecoder(mover.submit)
    threading.Thread(target=mover.run, daemon=True).start()

    log.info("scan tickets into this window (Ctrl-D to finish) on %s", args.station)
    try:
        for line in sys.stdin:
            decoder.feed(line)
    except KeyboardInterrupt:
        pass
    mover.q.join()
    save_session(decoder, args.station)
    log.info("session: %s", decoder.snapshot())
    return 0


if __name__ == "__main__":
    sys.exit(main())
