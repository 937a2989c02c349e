#!/usr/bin/env python3
"""AIS UDP forwarder for the harbour receiver.

Listens for NMEA 0183 sentences (!AIVDM/!AIVDO) from the dAISy / AIS-catcher
receivers on the breakwater, drops malformed or duplicate sentences and
forwards the rest over TCP to the regional aggregator.
"""
import argparse
import configparser
import functools
import logging
import operator
import os
import socket
import threading
import time
from collections import deque

log = logging.getLogger("ais_forwarder")

CONFIG_PATHS = ("ais_forwarder.ini", os.path.expanduser("~/.config/ais_forwarder.ini"))


def nmea_ok(sentence):
    """Validate the XOR checksum of an NMEA sentence."""
    if not sentence.startswith(("!", "$")) or "*" not in sentence:
        return False
    body, _, given = sentence[1:].partition("*")
    calc = functools.reduce(operator.xor, (ord(c) for c in body), 0)
    try:
        return calc == int(given[:2], 16)
    except ValueError:
        return False


class Upstream:
    def __init__(self, host, port):
        self.addr = (host, port)
        self.sock = None
        self.lock = threading.Lock()

    def send(self, line):
        with self.lock:
            for attempt in range(3):
                try:
                    if self.sock is None:
                        self.sock = socket.create_connection(self.addr, timeout=10)
                    self.sock.sendall(line.encode("ascii") + b"\r\n")
                    return True
                except OSError as exc:
                    log.warning("upstream %s:%s failed (%s), attempt %d", *self.addr, exc, attempt + 1)
                    self.sock = None
                    time.sleep(1 + attempt)
        return False


class Stats(threading.Thread):
    def __init__(self, interval=60):
        super().__init__(daemon=True, name="stats")
        self.interval = interval
        self.forwarded = self.dropped = 0

    def run(self):
        while True:
            time.sleep(self.interval)
            log.info("forwarded=%d dropped=%d", self.forwarded, self.dropped)


def load_config(path=None):
    cfg = configparser.ConfigParser()
    cfg.read_dict({
        "listen": {"address": "0.0.0.0", "port": "10110"},
        "upstream": {"host": "ais-feed.regionalports.net", "port": "5631"},
    })
    cfg.read([path] if path else CONFIG_PATHS)
    return cfg


def serve(cfg, stats):
    upstream = Upstream(cfg["upstream"]["host"], cfg.getint("upstream", "port"))
    recent = deque(maxlen=512)
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((cfg["listen"]["address"], cfg.getint("listen", "port")))
    log.info("listening on %s:%s", cfg["listen"]["address"], cfg["listen"]["port"])
    while True:
        data, _peer = sock.recvfrom(4096)
        for line in data.decode("ascii", "ignore").splitlines():
            line = line.strip()
            if not nmea_ok(line) or line in recent:
                stats.dropped += 1
                continue
            recent.append(line)
            if upstream.send(line):
                stats.forwarded += 1


def main():
    ap = argparse.ArgumentParser(description="AIS NMEA UDP forwarder")
    ap.add_argument("-c", "--config")
    ap.add_argument("--stats-interval", type=int, default=60)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    stats = Stats(args.stats_interval)
    stats.start()
    try:
        serve(cfg, stats)
    except KeyboardInterrupt:
        log.info("stopping")


if __name__ == "__main__":
    main()
