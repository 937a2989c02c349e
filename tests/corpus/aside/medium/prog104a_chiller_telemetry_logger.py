#!/usr/bin/env python3
"""Brine chiller telemetry logger for the plant room PC.

Tails the CSV feed written by the chiller controller's Modbus gateway
(supply/return brine temperature, slab temperature, compressor load), keeps
a rolling state cache between runs, and pushes batches to the club
dashboard.  A daily JSON summary is written next to the state cache for the
ice technician's weekly report.
"""
import argparse
import configparser
import json
import logging
import os
import pickle
import socket
import statistics
import time
from dataclasses import asdict, dataclass, field
from datetime import date
from pathlib import Path

import requests

LOG = logging.getLogger("chiller-logger")

DEFAULTS = {
    "feed": "/var/lib/chiller/feed.csv",
    "state": "chiller_state.pkl",
    "dashboard": "https://dash.icehall-club.org/api/v1/chiller",
    "interval": "30",
    "keep": "2880",
    "summary_dir": "summaries",
}


@dataclass
class Reading:
    ts: float
    supply_c: float
    return_c: float
    slab_c: float
    load_pct: float

    @property
    def delta_t(self):
        return round(self.return_c - self.supply_c, 2)


@dataclass
class LoggerState:
    offset: int = 0
    readings: list = field(default_factory=list)
    pushed: int = 0


def load_config(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"logger": DEFAULTS})
    if path and Path(path).is_file():
        cp.read(path)
        LOG.info("config loaded from %s", path)
    return cp["logger"]


def load_state(path):
    try:
        with open(path, "rb") as fh:
            return pickle.load(fh)
    except FileNotFoundError:
        return LoggerState()
    except Exception as exc:  # corrupt cache after power cut etc.
        LOG.warning("state cache unreadable (%s), starting fresh", exc)
        return LoggerState()


def save_state(path, state):
    tmp = f"{path}.tmp"
    with open(tmp, "wb") as fh:
        pickle.dump(state, fh)
    os.replace(tmp, path)


def read_new_rows(feed, state):
    rows = []
    with open(feed, "r", encoding="ascii", errors="replace") as fh:
        fh.seek(state.offset)
        while True:
            line = fh.readline()
            if not line or not line.endswith("\n"):
                break
            state.offset = fh.tell()
            parts = line.strip().split(",")
            if len(parts) != 5 or parts[0] == "ts":
                continue
            try:
                rows.append(Reading(*(float(p) for p in parts)))
            except ValueError:
                LOG.debug("skipping malformed row %r", line)
    return rows


def push_batch(url, readings, session):
    payload = [dict(asdict(r), delta_t=r.delta_t) for r in readings]
    resp = session.post(url, json={"site": socket.gethostname(), "readings": payload}, timeout=10)
    resp.raise_for_status()
    return len(payload)


def write_summary(directory, readings):
    if not readings:
        return None
    out_dir = Path(directory)
    out_dir.mkdir(exist_ok=True)
    slab = [r.slab_c for r in readings]
    summary = {
        "date": date.today().isoformat(),
        "samples": len(readings),
        "slab_min": min(slab),
        "slab_max": max(slab),
        "slab_mean": round(statistics.fmean(slab), 2),
        "mean_delta_t": round(statistics.fmean(r.delta_t for r in readings), 2),
        "peak_load": max(r.load_pct for r in readings),
    }
    target = out_dir / f"chiller_{summary['date']}.json"
    target.write_text(json.dumps(summary, indent=2))
    return target


def main():
    ap = argparse.ArgumentParser(description="Brine chiller telemetry logger")
    ap.add_argument("-c", "--config", default="chiller_logger.ini")
    ap.add_argument("--once", action="store_true", help="process the feed once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    state = load_state(cfg["state"])
    session = requests.Session()
    session.headers["User-Agent"] = "chiller-logger/1.4"

    while True:
        try:
            fresh = read_new_rows(cfg["feed"], state)
        except FileNotFoundError:
            LOG.error("feed %s missing, is the gateway running?", cfg["feed"])
            fresh = []
        if fresh:
            state.readings.extend(fresh)
            state.readings = state.readings[-cfg.getint("keep"):]
            try:
                state.pushed += push_batch(cfg["dashboard"], fresh, session)
            except requests.RequestException as exc:
                LOG.warning("dashboard push failed: %s", exc)
            last = fresh[-1]
            LOG.info("slab %.2fC supply %.2fC dT %.2f load %.0f%%",
                     last.slab_c, last.supply_c, last.delta_t, last.load_pct)
        save_state(cfg["state"], state)
        if args.once:
            path = write_summary(cfg["summary_dir"], state.readings)
            if path:
                LOG.info("summary written to %s", path)
            break
        time.sleep(cfg.getint("interval"))


if __name__ == "__main__":
    main()
