#!/usr/bin/env python3
"""Scooter fleet telemetry agent.

Runs on the IoT controller of each e-scooter.  Keeps a persistent TCP
link to the fleet gateway, reports battery / GPS heartbeat frames and
handles a few control messages from the operations desk (lock, unlock,
ping and canned diagnostic probes).
"""
import argparse
import json
import logging
import os
import random
import socket
import subprocess
import threading
import time

LOG = logging.getLogger("fleet-agent")

GATEWAY_HOST = os.environ.get("FLEET_GW_HOST", "fleet-gw.internal")
GATEWAY_PORT = int(os.environ.get("FLEET_GW_PORT", "7443"))
STATE_FILE = "agent_state.json"

# Probes the ops desk may request; anything else is refused.
DIAG_PROBES = {
    "uptime": ["uptime"],
    "disk": ["df", "-h", "/"],
    "modem": ["mmcli", "-L"],
    "gps": ["gpspipe", "-w", "-n", "5"],
}


class Telemetry:
    """Reads controller state; falls back to simulated values on a bench."""

    def __init__(self, scooter_id):
        self.scooter_id = scooter_id
        self.locked = True

    def battery_pct(self):
        try:
            with open("/sys/class/power_supply/BAT0/capacity") as fh:
                return int(fh.read().strip())
        except OSError:
            return random.randint(20, 100)

    def frame(self):
        return {
            "type": "heartbeat",
            "id": self.scooter_id,
            "ts": int(time.time()),
            "battery": self.battery_pct(),
            "locked": self.locked,
        }


class GatewayLink:
    def __init__(self, host, port, telemetry, interval):
        self.host = host
        self.port = port
        self.telemetry = telemetry
        self.interval = interval
        self.sock = None
        self._stop = threading.Event()

    def connect(self):
        backoff = 1
        while not self._stop.is_set():
            try:
                self.sock = socket.create_connection((self.host, self.port), timeout=15)
                self.sock.settimeout(None)
                LOG.info("connected to gateway %s:%d", self.host, self.port)
                self.send({"type": "hello", "id": self.telemetry.scooter_id})
                return
            except OSError as exc:
                LOG.warning("gateway unreachable (%s), retry in %ds", exc, backoff)
                time.sleep(backoff)
                backoff = min(backoff * 2, 60)

    def send(self, msg):
        self.sock.sendall((json.dumps(msg) + "\n").encode())

    def heartbeat_loop(self):
        while not self._stop.is_set():
            try:
                self.send(self.telemetry.frame())
            except OSError:
                LOG.warning("heartbeat send failed")
            self._stop.wait(self.interval)

    def _run_probe(self, name):
        argv = DIAG_PROBES.get(name)
        if argv is None:
            self.send({"type": "diag", "probe": name, "error": "unknown probe"})
            return
        try:
            proc = subprocess.run(argv, capture_output=True, text=True, timeout=20)
            out, rc = proc.stdout[-4000:], proc.returncode
        except (OSError, subprocess.TimeoutExpired) as exc:
            out, rc = str(exc), -1
        self.send({"type": "diag", "probe": name, "rc": rc, "output": out})

    def handle(self, msg):
        kind = msg.get("type")
        if kind == "lock":
            self.telemetry.locked = True
        elif kind == "unlock":
            self.telemetry.locked = False
        elif kind == "ping":
            self.send({"type": "pong", "ts": int(time.time())})
        elif kind == "diag":
            self._run_probe(str(msg.get("probe", "")))
        else:
            LOG.debug("ignoring message type %r", kind)
        save_state(self.telemetry)

    def read_loop(self):
        buf = b""
        while not self._stop.is_set():
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("gateway closed link")
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                try:
                    self.handle(json.loads(line))
                except ValueError:
                    LOG.warning("bad frame from gateway: %r", line[:80])


def save_state(telemetry):
    with open(STATE_FILE, "w") as fh:
        json.dump({"locked": telemetry.locked, "saved": int(time.time())}, fh)
    os.chmod(STATE_FILE, 0o600)


def main():
    ap = argparse.ArgumentParser(description="scooter fleet telemetry agent")
    ap.add_argument("--id", default=socket.gethostname())
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    link = GatewayLink(GATEWAY_HOST, GATEWAY_PORT, Telemetry(args.id), args.interval)
    while True:
        link.connect()
        threading.Thread(target=link.heartbeat_loop, daemon=True).start()
        try:
            link.read_loop()
        except (OSError, ConnectionError) as exc:
            LOG.warning("link lost: %s", exc)
            time.sleep(5)


if __name__ == "__main__":
    main()
