#!/usr/bin/env python3
"""Cellar sensor bridge.

Reads the DS18B20 probes on the cellar Pi's 1-wire bus and answers simple
line-based queries from the shop's back-office dashboard, which polls each
cellar bridge over the LAN.

Protocol (one command per line, one JSON reply per line):
    LIST            -> list of probe ids
    READ            -> all current readings
    READ <probe>    -> one reading
    PING            -> {"pong": bay}
"""

import argparse
import glob
import json
import logging
import os
import socketserver
import threading
import time
from pathlib import Path

LOG = logging.getLogger("cellar-bridge")

W1_GLOB = "/sys/bus/w1/devices/28-*/w1_slave"
DEFAULT_LISTEN = os.environ.get("CELLAR_BRIDGE_LISTEN", "0.0.0.0")
DEFAULT_PORT = int(os.environ.get("CELLAR_BRIDGE_PORT", "7070"))


def read_probe(path):
    """Return degrees C from a w1_slave file, or None if the CRC failed."""
    try:
        lines = Path(path).read_text().splitlines()
    except OSError as exc:
        LOG.warning("probe %s unreadable: %s", path, exc)
        return None
    if len(lines) < 2 or not lines[0].strip().endswith("YES"):
        return None
    _, _, raw = lines[1].partition("t=")
    try:
        return int(raw) / 1000.0
    except ValueError:
        return None


class ProbeCache:
    """Polls the bus in the background so queries never block on 1-wire."""

    def __init__(self, interval):
        self.interval = interval
        self.values = {}
        self.updated = 0.0
        self.lock = threading.Lock()
        self.stop = threading.Event()

    def poll_loop(self):
        while not self.stop.is_set():
            fresh = {}
            for path in sorted(glob.glob(W1_GLOB)):
                value = read_probe(path)
                if value is not None:
                    fresh[Path(path).parent.name] = value
            with self.lock:
                self.values = fresh
                self.updated = time.time()
            self.stop.wait(self.interval)

    def snapshot(self):
        with self.lock:
            return dict(self.values), self.updated


class BridgeHandler(socketserver.StreamRequestHandler):
    cache = None
    bay = "bay-1"

    def reply(self, payload):
        self.wfile.write((json.dumps(payload) + "\n").encode())

    def handle(self):
        peer = "%s:%s" % self.client_address
        LOG.info("client %s connected", peer)
        for raw in self.rfile:
            words = raw.decode(errors="replace").strip().split()
            if not words:
                continue
            cmd, rest = words[0].upper(), words[1:]
            values, updated = self.cache.snapshot()
            if cmd == "LIST":
                self.reply({"probes": sorted(values)})
            elif cmd == "READ" and rest:
                self.reply({"probe": rest[0], "c": values.get(rest[0]), "ts": updated})
            elif cmd == "READ":
                self.reply({"bay": self.bay, "probes": values, "ts": updated})
            elif cmd == "PING":
                self.reply({"pong": self.bay})
            elif cmd == "QUIT":
                break
            else:
                self.reply({"error": "unknown command %s" % cmd})
        LOG.info("client %s gone", peer)


class BridgeServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    parser = argparse.ArgumentParser(description="Serve cellar probe readings on the LAN")
    parser.add_argument("--listen", default=DEFAULT_LISTEN)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--bay", default=os.environ.get("CELLAR_BAY", "bay-1"))
    parser.add_argument("--interval", type=int, default=30, help="seconds between bus polls")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cache = ProbeCache(args.interval)
    threading.Thread(target=cache.poll_loop, name="poll", daemon=True).start()
    BridgeHandler.cache = cache
    BridgeHandler.bay = args.bay

    with BridgeServer((args.listen, args.port), BridgeHandler) as server:
        LOG.info("bridge for %s on %s:%s", args.bay, args.listen, args.port)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            LOG.info("shutting down")
            cache.stop.set()


if __name__ == "__main__":
    main()
