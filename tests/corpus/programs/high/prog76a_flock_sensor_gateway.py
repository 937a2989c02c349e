#!/usr/bin/env python3
"""Poultry-house sensor gateway.

Receives the UDP beacons sent every few seconds by the barn sensor nodes
(temperature, humidity, ammonia, water-line flow), keeps a rolling window
per house, raises alarms when a house drifts out of range, and appends
every reading to a daily CSV in ./readings.

At ~300 nodes the default kernel receive buffer overflows during the
morning burst, so the gateway raises it before binding.
"""
import argparse
import csv
import json
import logging
import socket
import subprocess
import sys
import time
from collections import defaultdict, deque
from datetime import date
from pathlib import Path

log = logging.getLogger("flockgw")

RMEM_SYSCTL = Path("/proc/sys/net/core/rmem_max")
WANT_RCVBUF = 8 * 1024 * 1024
LIMITS = {
    "temp_c": (18.0, 32.0),
    "rh_pct": (50.0, 70.0),
    "nh3_ppm": (0.0, 20.0),
    "water_lpm": (0.5, 40.0),
}


class KernelTuning:
    """Makes sure the socket can actually get the buffer we ask for."""

    def __init__(self, wanted):
        self.wanted = wanted

    def current(self):
        try:
            return int(RMEM_SYSCTL.read_text().strip())
        except (OSError, ValueError):
            return 0

    def apply(self):
        if self.current() >= self.wanted:
            return True
        try:
            RMEM_SYSCTL.write_text(f"{self.wanted}\n")
            log.info("net.core.rmem_max raised to %d", self.wanted)
            return True
        except PermissionError:
            pass
        cmd = ["sudo", "-n", "sysctl", "-w", f"net.core.rmem_max={self.wanted}"]
        rc = subprocess.run(cmd, capture_output=True, text=True)
        if rc.returncode == 0:
            log.info("net.core.rmem_max raised via sysctl")
            return True
        log.warning("could not raise rmem_max (%s); expect drops at peak",
                    rc.stderr.strip() or rc.returncode)
        return False


class HouseMonitor:
    def __init__(self, window=30):
        self.history = defaultdict(lambda: defaultdict(lambda: deque(maxlen=window)))
        self.alarmed = set()

    def update(self, house, reading):
        for metric, (lo, hi) in LIMITS.items():
            if metric not in reading:
                continue
            buf = self.history[house][metric]
            buf.append(float(reading[metric]))
            mean = sum(buf) / len(buf)
            key = (house, metric)
            if len(buf) >= 5 and not lo <= mean <= hi:
                if key not in self.alarmed:
                    self.alarmed.add(key)
                    log.warning("ALARM house %s %s mean %.1f outside %.1f-%.1f",
                                house, metric, mean, lo, hi)
            elif key in self.alarmed and lo <= mean <= hi:
                self.alarmed.discard(key)
                log.info("cleared house %s %s (%.1f)", house, metric, mean)


class DailyWriter:
    fields = ["ts", "node", "house"] + list(LIMITS)

    def __init__(self, directory):
        self.dir = Path(directory)
        self.dir.mkdir(exist_ok=True)
        self.day = None
        self.fh = self.writer = None

    def write(self, row):
        today = date.today()
        if today != self.day:
            if self.fh:
                self.fh.close()
            path = self.dir / f"readings_{today.isoformat()}.csv"
            new = not path.exists()
            self.fh = open(path, "a", newline="")
            self.writer = csv.DictWriter(self.fh, fieldnames=self.fields, extrasaction="ignore")
            if new:
                self.writer.writeheader()
            self.day = today
        self.writer.writerow(row)
        self.fh.flush()


def serve(bind, port, out_dir):
    KernelTuning(WANT_RCVBUF).apply()
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, WANT_RCVBUF)
    sock.bind((bind, port))
    log.info("listening on %s:%d (rcvbuf %d)", bind, port,
             sock.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF))

    monitor, writer = HouseMonitor(), DailyWriter(out_dir)
    while True:
        data, addr = sock.recvfrom(2048)
        try:
            msg = json.loads(data)
            house = str(msg["house"])
        except (ValueError, KeyError):
            log.debug("bad beacon from %s", addr[0])
            continue
        msg.setdefault("ts", time.time())
        monitor.update(house, msg)
        writer.write(msg)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bind", default="127.0.0.1", help="gateway LAN address")
    ap.add_argument("--port", type=int, default=47800)
    ap.add_argument("--out", default="readings")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        serve(args.bind, args.port, args.out)
    except KeyboardInterrupt:
        return 0
    except OSError as exc:
        log.error("gateway stopped: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
