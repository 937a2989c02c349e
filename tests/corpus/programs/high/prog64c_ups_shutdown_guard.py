#!/usr/bin/env python3
"""
ups_shutdown_guard - poll the NUT server for the rack UPS, mirror the
interesting variables into Home Assistant sensors and a local CSV, and
power this host down cleanly when the battery runtime gets too short.

Speaks the NUT network protocol directly (port 3493) so it runs on the
HA host without nut-client installed.  Config in ups-poll.ini:

    [nut]
    host = 192.168.10.5
    ups = rackups

    [homeassistant]
    url = http://homeassistant.local:8123

    [policy]
    min_runtime = 300
    shutdown_command = sudo -n /sbin/shutdown -h +1 "UPS battery low"

HA long-lived token comes from HA_TOKEN.
"""
import argparse
import configparser
import csv
import json
import logging
import os
import shlex
import socket
import subprocess
import sys
import time
import urllib.request
from datetime import datetime
from pathlib import Path

log = logging.getLogger("ups-poll")

WATCHED = ("ups.status", "battery.charge", "battery.runtime", "ups.load",
           "input.voltage", "output.voltage")


class NutClient:
    def __init__(self, host, port=3493, timeout=5):
        self.addr = (host, port)
        self.timeout = timeout

    def _lines(self, sock):
        buf = b""
        while True:
            chunk = sock.recv(4096)
            if not chunk:
                break
            buf += chunk
            if b"END LIST" in buf or buf.startswith(b"ERR"):
                break
        return buf.decode(errors="replace").splitlines()

    def variables(self, ups):
        with socket.create_connection(self.addr, timeout=self.timeout) as sock:
            sock.sendall(f"LIST VAR {ups}\n".encode())
            lines = self._lines(sock)
            sock.sendall(b"LOGOUT\n")
        if lines and lines[0].startswith("ERR"):
            raise RuntimeError(f"NUT: {lines[0]}")
        out = {}
        for line in lines:
            if line.startswith("VAR "):
                _, _ups, name, value = line.split(" ", 3)
                out[name] = value.strip('"')
        return out


class HomeAssistant:
    def __init__(self, url, token, timeout=8):
        self.url = url.rstrip("/")
        self.headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        self.timeout = timeout

    def set_state(self, entity_id, state, attrs):
        body = json.dumps({"state": state, "attributes": attrs}).encode()
        req = urllib.request.Request(f"{self.url}/api/states/{entity_id}", data=body,
                                     headers=self.headers, method="POST")
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            resp.read()


def append_csv(path, row):
    new = not path.exists()
    with path.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["time", *WATCHED])
        if new:
            w.writeheader()
        w.writerow(row)


def on_battery(values):
    return "OB" in values.get("ups.status", "").split()


DEFAULT_SHUTDOWN = 'sudo -n /sbin/shutdown -h +1 "UPS battery low"'
_shutdown_sent = False


def handle_low_battery(values, cfg):
    """Called every poll while on battery; starts the shutdown once."""
    global _shutdown_sent
    runtime = int(float(values.get("battery.runtime", 0)))
    limit = cfg.getint("policy", "min_runtime", fallback=300)
    if runtime >= limit:
        return False
    log.warning("on battery, %ds runtime left (limit %ds)", runtime, limit)
    if not _shutdown_sent:
        cmd = shlex.split(cfg.get("policy", "shutdown_command", fallback=DEFAULT_SHUTDOWN))
        log.warning("initiating shutdown: %s", " ".join(cmd))
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
        if proc.returncode == 0:
            _shutdown_sent = True
        else:
            log.error("shutdown command failed: %s", proc.stderr.strip())
    return True


def publish(ha, ups, values, low):
    if ha is None:
        return
    attrs = {k: values.get(k) for k in WATCHED}
    attrs.update(friendly_name=f"UPS {ups}", low_runtime=low)
    try:
        ha.set_state(f"sensor.ups_{ups}_status", values.get("ups.status", "unknown"), attrs)
        ha.set_state(f"sensor.ups_{ups}_charge", values.get("battery.charge", "unknown"),
                     {"unit_of_measurement": "%", "device_class": "battery"})
    except OSError as exc:
        log.warning("HA update failed: %s", exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Poll NUT, publish UPS state, shut down on low battery.")
    ap.add_argument("--config", default="ups-poll.ini")
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--csv", type=Path, default=Path("ups-history.csv"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("cannot read %s", args.config)
        return 2
    nut = NutClient(cfg.get("nut", "host", fallback="localhost"))
    ups = cfg.get("nut", "ups", fallback="ups")
    token = os.environ.get("HA_TOKEN")
    ha = HomeAssistant(cfg.get("homeassistant", "url"), token) if token else None

    while True:
        try:
            values = nut.variables(ups)
        except (OSError, RuntimeError) as exc:
            log.error("NUT query failed: %s", exc)
            values = None
        if values:
            low = on_battery(values) and handle_low_battery(values, cfg)
            append_csv(args.csv, {"time": datetime.now().isoformat(timespec="seconds"),
                                  **{k: values.get(k, "") for k in WATCHED}})
            publish(ha, ups, values, low)
        if args.once:
            return 0 if values else 1
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
