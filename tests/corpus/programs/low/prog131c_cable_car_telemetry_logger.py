#!/usr/bin/env python3
"""Telemetry logger for the cliff cable car cabins.

Each cabin's data logger sends a UDP datagram every 200 ms with grip
force, haul rope tension, cabin speed and door state, as JSON.  This
logger checks each reading against the operating limits, writes a
per-day CSV and prints an alarm line when anything is out of range.

During the summer service both cabins and the bullwheel sensor pack send
at full rate, and the default kernel receive buffer drops bursts, so the
logger asks for a larger socket buffer and reports what it got.
"""

import argparse
import csv
import datetime as dt
import json
import logging
import socket
from pathlib import Path

log = logging.getLogger("cc-telemetry")

LIMITS = {
    "grip_kn": (38.0, 60.0),
    "tension_kn": (85.0, 140.0),
    "speed_ms": (0.0, 5.5),
}
WANT_RCVBUF = 8 * 1024 * 1024
RMEM_MAX = Path("/proc/sys/net/core/rmem_max")


def report_receive_buffer(size):
    """Warn if the kernel's ceiling for socket receive buffers is lower than
    what we need; the admin can raise it in the kiosk image."""
    try:
        current = int(RMEM_MAX.read_text().strip())
    except (OSError, ValueError):
        return
    if current < size:
        log.warning("net.core.rmem_max is %d (< %d); expect drops at full rate. "
                    "Ask the admin to raise it in the logger PC image.", current, size)


def open_socket(host, port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, WANT_RCVBUF)
    sock.bind((host, port))
    got = sock.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF)
    log.info("listening on %s:%d (rcvbuf %d)", host, port, got)
    return sock


def check(reading):
    alarms = []
    for key, (lo, hi) in LIMITS.items():
        v = reading.get(key)
        if v is None:
            continue
        if not lo <= v <= hi:
            alarms.append(f"{key}={v} outside {lo}-{hi}")
    if reading.get("door") == "open" and reading.get("speed_ms", 0) > 0.2:
        alarms.append("door open while moving")
    return alarms


class DailyCsv:
    fields = ["ts", "cabin", "grip_kn", "tension_kn", "speed_ms", "door"]

    def __init__(self, directory):
        self.dir = Path(directory)
        self.dir.mkdir(exist_ok=True)
        self.day = None
        self.fh = None
        self.writer = None

    def write(self, row):
        today = dt.date.today()
        if today != self.day:
            if self.fh:
                self.fh.close()
            path = self.dir / f"telemetry-{today}.csv"
            new = not path.exists()
            self.fh = path.open("a", newline="")
            self.writer = csv.DictWriter(self.fh, fieldnames=self.fields, extrasaction="ignore")
            if new:
                self.writer.writeheader()
            self.day = today
        self.writer.writerow(row)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--listen", default="127.0.0.1", help="address to bind")
    ap.add_argument("--port", type=int, default=47810)
    ap.add_argument("--out", default="telemetry")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    report_receive_buffer(WANT_RCVBUF)
    sock = open_socket(args.listen, args.port)
    out = DailyCsv(args.out)
    n = 0
    try:
        while True:
            data, addr = sock.recvfrom(4096)
            try:
                reading = json.loads(data)
            except ValueError:
                log.debug("bad datagram from %s", addr[0])
                continue
            reading.setdefault("ts", dt.datetime.now().isoformat(timespec="milliseconds"))
            out.write(reading)
            for alarm in check(reading):
                log.warning("ALARM cabin %s: %s", reading.get("cabin", "?"), alarm)
            n += 1
            if n % 3000 == 0:
                out.fh.flush()
    except KeyboardInterrupt:
        log.info("stopped after %d readings", n)


if __name__ == "__main__":
    main()
