#!/usr/bin/env python3
"""Receive SNMP traps from the pager base station and relay them as alerts.

The paging transmitter controller at the station raises SNMP traps for
"page sent", "page failed" and "transmitter fault". This listener takes the
traps, pulls out the message text and posts an alert to the station alert
API so the duty launch authority hears about a failed page straight away.

Development build: the controller is pointed at port 10162 so the listener
runs as an ordinary user on a laptop at the station.

    pager_trap_listener_dev.py [--port 10162] [--community station]
"""

import argparse
import logging
import os
import re
import socket
import sys
import time

import requests

log = logging.getLogger("trap_listener")

TRAP_PORT = 10162
ALERT_URL = os.environ.get("ALERT_API_URL", "https://alerts.station-sync.example.net/v1/alerts")
ALERT_KEY_ENV = "ALERT_API_KEY"
PRINTABLE = re.compile(rb"[\x20-\x7e]{4,}")
SEVERITY = {"fail": "high", "fault": "high", "sent": "info", "test": "info"}


def parse_trap(packet, community):
    """Very small trap reader: community check plus printable varbinds."""
    strings = [s.decode("ascii") for s in PRINTABLE.findall(packet)]
    if not strings or strings[0] != community:
        return None
    texts = [s for s in strings[1:] if not re.fullmatch(r"[\d.]+", s)]
    if not texts:
        return None
    message = " ".join(texts)
    level = next((v for k, v in SEVERITY.items() if k in message.lower()), "medium")
    return {"message": message, "severity": level}


class AlertRelay:
    def __init__(self, url, key, min_gap=20):
        self.url = url
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {key}"
        self.min_gap = min_gap
        self._last = {}

    def send(self, alert, source):
        now = time.monotonic()
        if now - self._last.get(alert["message"], -1e9) < self.min_gap:
            log.debug("suppressed duplicate: %s", alert["message"])
            return
        self._last[alert["message"]] = now
        payload = dict(alert, source=source, kind="pager-trap")
        for attempt in range(3):
            try:
                resp = self.session.post(self.url, json=payload, timeout=10)
                resp.raise_for_status()
                log.info("alert sent: %s", alert["message"])
                return
            except requests.RequestException as exc:
                log.warning("alert post failed (%d/3): %s", attempt + 1, exc)
                time.sleep(2 ** attempt)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Relay pager base station SNMP traps")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=TRAP_PORT)
    ap.add_argument("--community", default=os.environ.get("TRAP_COMMUNITY", "station"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get(ALERT_KEY_ENV)
    if not key:
        log.error("%s not set", ALERT_KEY_ENV)
        return 1

    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.bind, args.port))
    except OSError as exc:
        log.error("cannot bind %s:%d: %s", args.bind, args.port, exc)
        return 1

    relay = AlertRelay(ALERT_URL, key)
    log.info("listening for traps on %s:%d", args.bind, args.port)
    while True:
        try:
            packet, (src, _) = sock.recvfrom(4096)
        except KeyboardInterrupt:
            break
        alert = parse_trap(packet, args.community)
        if alert:
            relay.send(alert, src)
        else:
            log.debug("ignored packet from %s", src)
    sock.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
