#!/usr/bin/env python3
"""Poultry-house sensor listener.

Receives the UDP beacons sent every few seconds by the barn sensor nodes
(temperature, humidity, ammonia, water-line flow), keeps a rolling window
per house, raises alarms when a house drifts out of range, and appends
every reading to a daily CSV in ./readings.

At ~300 nodes the morning burst can exceed the socket buffer; the listener
asks for a larger one and warns if the kernel caps it.
"""
import argparse
import csv
import json
import logging
import socket
import sys
import time
from collections import defaultdict, deque
from datetime import date
from pathlib import Path

log = logging.getLogger("flocklisten")

WANT_RCVBUF = 8 * 1024 * 1024
LIMITS = {
    "temp_c": (18.0, 32.0),
    "rh_pct": (50.0, 70.0),
    "nh3_ppm": (0.0, 20.0),
    "water_lpm": (0.5, 40.0),
}


def open_socket(bind, port, wanted):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, wanted)
    sock.bind((bind, port))
    got = sock.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF)
    # Linux reports double the usable size
    if got < wanted:
        log.warning("receive buffer capped at %d bytes (asked %d); ask the "
                    "admin to raise net.core.rmem_max if readings drop",
                    got, wanted)
    return sock


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
    sock = open_socket(bind, port, WANT_RCVBUF)
    log.info("listening on %s:%d", bind, port)
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
    ap.add_argument("--bind", default="127.0.0.1", help="listener LAN address")
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
        log.error("listener stopped: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
